package gitlab

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// errURLForm is clusterctl's wording for a GitLab URL with the wrong shape.
var errURLForm = errors.New("invalid url: a GitLab repository url should be in the form " +
	"https://{host}/api/v4/projects/{projectSlug}/packages/generic/{packageName}/{defaultVersion}/{componentsPath}")

// ParseURL splits a clusterctl GitLab provider URL with clusterctl's own checks: https,
// a host starting with "gitlab.", a path under /api/v4/projects/ of exactly nine
// segments with packages/generic. project comes back unescaped ("group/name" or an id).
func ParseURL(u string) (base, project, pkg, version, file string, err error) {
	parsed, err := url.Parse(u)
	if err != nil {
		return "", "", "", "", "", fmt.Errorf("parsing GitLab provider URL %q: %w", u, err)
	}
	path := parsed.EscapedPath()
	if parsed.Scheme != "https" || !strings.HasPrefix(parsed.Host, "gitlab.") || !strings.HasPrefix(path, "/api/v4/projects/") {
		return "", "", "", "", "", fmt.Errorf("invalid provider url. Only GitHub and GitLab are supported for %q schema (url %q)", parsed.Scheme, u)
	}
	seg := strings.Split(strings.TrimPrefix(path, "/"), "/")
	if len(seg) != 9 || seg[4] != "packages" || seg[5] != "generic" {
		return "", "", "", "", "", fmt.Errorf("%w (url %q)", errURLForm, u)
	}
	parts := []string{seg[3], seg[6], seg[7], seg[8]}
	for i, s := range parts {
		if parts[i], err = url.PathUnescape(s); err != nil {
			return "", "", "", "", "", fmt.Errorf("%w (url %q)", errURLForm, u)
		}
	}
	return "https://" + parsed.Host, parts[0], parts[1], parts[2], parts[3], nil
}
