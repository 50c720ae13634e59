package scaffold

import (
	"fmt"
	"slices"
	"strings"
)

// refusal says why no components folder was found, naming the real cause: a folder
// loading a Deployment whose CRDs belong to two provider types, or one whose
// generated inputs are missing (and the make target writing them), or plain YAML
// with no kustomization at all.
func (s *treeSurvey) refusal(root string) string {
	for _, src := range s.sources {
		if src.c.deployments == 0 {
			continue
		}
		if ts := types(src.c.groups); len(ts) > 1 {
			return fmt.Sprintf("%s loads a Deployment and the CRDs of %d provider types behind one controller (%s): clusterctl installs one provider per components file; split the CRDs into one kustomization per type, or set the cluster.x-k8s.io/provider label to the type this folder ships",
				src.rel, len(ts), s.groupsByType(src))
		}
		if len(src.c.groups) == 0 && len(src.tree.missing) > 0 {
			var gen []string
			for _, m := range src.tree.missing {
				gen = append(gen, s.generated(src.tree, s.rel(m)))
			}
			return fmt.Sprintf("%s loads a Deployment and no CRD: %s", src.rel, strings.Join(gen, "; "))
		}
	}
	if len(s.sources) == 0 && len(s.files)+len(s.plainYAML) > 0 {
		return "the tree holds plain YAML and no kustomization (" + strings.Join(firstN(s.plainYAML, 3), ", ") + "): capirepo builds components from a kustomize folder; write config/kustomization.yaml listing the components files (resources: [...]) and a capirepo.yaml with components: kustomize: config (docs/config.md)"
	}
	return ""
}

// groupsByType names each type of a folder's CRDs with its groups.
func (s *treeSurvey) groupsByType(src *source) string {
	var out []string
	for _, t := range types(src.c.groups) {
		var gs []string
		for _, g := range src.c.groups {
			if groupType(g) == t && !slices.Contains(gs, g) {
				gs = append(gs, g)
			}
		}
		out = append(out, t+": "+strings.Join(gs, ", "))
	}
	return strings.Join(out, "; ")
}

func firstN(xs []string, n int) []string {
	if len(xs) > n {
		return append(slices.Clone(xs[:n]), "…")
	}
	return xs
}
