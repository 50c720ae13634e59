package github

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
)

// Notes are the clusterctl configuration for the published providers and what
// clusterctl needs besides the release.
func (p *Publisher) Notes(plan *publish.Plan) []string {
	set := plan.Set
	var ps []clusterctlcfg.Provider
	seen := map[string]bool{}
	for _, r := range set.Releases {
		if seen[r.Label()] {
			continue
		}
		seen[r.Label()] = true
		ps = append(ps, clusterctlcfg.Provider{Provider: r.Provider, URL: layout.GitHubURL(p.opts.Owner, p.opts.Repo, "latest", r.ComponentsFile)})
	}
	out := []string{"clusterctl.yaml:\n" + clusterctlcfg.Snippet(ps),
		fmt.Sprintf("clusterctl learns versions from the git tags of github.com/%s through the Go module proxy (falling back to the releases API with GOPROXY=off), so each tag must exist and be pushed; a tag without a published release breaks clusterctl init and upgrade plan", p.api.name()),
	}
	if p.opts.Draft {
		out = append(out, "the releases were left as drafts: clusterctl cannot read them until they are published")
	}
	if p.api.base.Host != "api.github.com" {
		out = append(out, "clusterctl reads GitHub providers from github.com only; a GitHub Enterprise repository needs a local or GitLab mirror for clusterctl")
	}
	return out
}
