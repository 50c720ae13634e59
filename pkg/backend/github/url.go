package github

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

const urlShape = "want https://github.com/OWNER/NAME/releases/{latest|vX.Y.Z}/FILE"

// ParseURL splits a clusterctl GitHub provider URL,
// https://github.com/OWNER/NAME/releases/{latest|TAG}/FILE. The browser form
// .../releases/download/TAG/FILE is rejected: clusterctl would read "download" as
// the version.
func ParseURL(u string) (owner, repo, tag, file string, err error) {
	pu, err := url.Parse(u)
	if err != nil {
		return "", "", "", "", fmt.Errorf("parsing GitHub provider URL %q: %w", u, err)
	}
	if pu.Scheme != "https" || pu.Host != "github.com" {
		return "", "", "", "", fmt.Errorf("GitHub provider URL %q: clusterctl accepts only https://github.com (no GitHub Enterprise hosts); %s", u, urlShape)
	}
	seg := strings.Split(strings.TrimPrefix(pu.Path, "/"), "/")
	if len(seg) == 6 && seg[2] == "releases" && seg[3] == "download" {
		return "", "", "", "", fmt.Errorf("GitHub provider URL %q is the browser download form, which clusterctl reads as version \"download\"; drop /download: https://github.com/%s/%s/releases/%s/%s",
			u, seg[0], seg[1], seg[4], seg[5])
	}
	if len(seg) != 5 || seg[2] != "releases" || slices.Contains(seg, "") {
		return "", "", "", "", fmt.Errorf("GitHub provider URL %q has the wrong shape; %s", u, urlShape)
	}
	if seg[3] != "latest" && !layout.IsVersion(seg[3]) {
		return "", "", "", "", fmt.Errorf("GitHub provider URL %q: version %q is neither \"latest\" nor a semantic version tag; %s", u, seg[3], urlShape)
	}
	return seg[0], seg[1], seg[3], seg[4], nil
}
