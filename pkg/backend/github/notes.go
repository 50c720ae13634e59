package github

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// notes are the clusterctl configuration for the published providers and what
// clusterctl needs besides the release.
func (p *Publisher) notes(set *release.Set) []string {
	var b strings.Builder
	b.WriteString("clusterctl.yaml:\nproviders:")
	seen := map[string]bool{}
	for _, r := range set.Releases {
		if seen[r.Label()] {
			continue
		}
		seen[r.Label()] = true
		u := layout.GitHubURL(p.opts.Owner, p.opts.Repo, "latest", r.ComponentsFile)
		fmt.Fprintf(&b, "\n  - name: %q\n    url: %q\n    type: %q", r.Name, u, r.Type)
	}
	out := []string{b.String(),
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
