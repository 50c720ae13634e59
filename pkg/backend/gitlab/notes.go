package gitlab

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Notes are the clusterctl providers: entries (one per release: GitLab URLs pin the
// version), then the warnings that apply to this instance and project (its
// visibility, from the plan's snapshot).
func (p *Publisher) Notes(plan *publish.Plan) []string {
	vis := ""
	if snap, err := publish.SnapshotOf[*snapshot](plan); err == nil {
		vis = snap.vis
	}
	return append([]string{p.entries(plan.Set)}, p.warnings(vis)...)
}

// entries is the clusterctl.yaml snippet for the releases.
func (p *Publisher) entries(set *release.Set) string {
	var ps []clusterctlcfg.Provider
	for _, rel := range set.Releases {
		u := layout.GitLabURL(p.c.baseURL(), p.c.opts.Project, p.packageName(rel), rel.Version.String(), rel.ComponentsFile)
		ps = append(ps, clusterctlcfg.Provider{Provider: rel.Provider, URL: u})
	}
	return "clusterctl.yaml:\n" + clusterctlcfg.Snippet(ps)
}

// warnings explains what clusterctl needs from a GitLab repository.
func (p *Publisher) warnings(visibility string) []string {
	out := []string{"clusterctl cannot list versions on GitLab: it only sees the version in the URL, so " +
		"\"latest\" does not work and \"clusterctl upgrade plan\" finds no newer versions; pin the version " +
		"in the URL and change it for every upgrade"}
	if w := hostWarning(p.c.opts.BaseURL); w != "" {
		out = append(out, w)
	}
	if _, err := strconv.ParseInt(p.c.opts.Project, 10, 64); err == nil {
		out = append(out, "the URL uses a numeric project id, which needs clusterctl v1.9 or newer; older "+
			"clusterctl only accepts the URL-escaped project path (group%2Fname)")
	}
	if visibility != "public" {
		out = append(out, accessNote(visibility))
	}
	return out
}

// hostWarning reports a base URL clusterctl will not accept, or "".
func hostWarning(base string) string {
	u, err := url.Parse(base)
	switch {
	case err != nil:
		return ""
	case u.Scheme != "https" || !strings.HasPrefix(u.Host, "gitlab."):
		return fmt.Sprintf("warning: clusterctl reads GitLab repositories only from https hosts whose name starts "+
			"with \"gitlab.\"; it will refuse %s with: invalid provider url. Only GitHub and GitLab are supported "+
			"for %q schema. Serve the instance under such a name (a DNS alias is enough)", base, u.Scheme)
	case strings.Trim(u.Path, "/") != "":
		return fmt.Sprintf("warning: %s has a path prefix; clusterctl requires exactly nine path segments "+
			"(/api/v4/projects/…) and will refuse these URLs: serve the instance at the root of its host", base)
	}
	return ""
}

func accessNote(visibility string) string {
	what := "if the project is not public"
	if visibility != "" {
		what = "the project is " + visibility
	}
	return what + ": clusterctl v1.9 and older download anonymously and cannot read it; clusterctl v1.10+ " +
		"sends GITLAB_ACCESS_TOKEN as \"Authorization: Bearer\", so set it to an access token that can read " +
		"the package registry, or make the package registry public"
}
