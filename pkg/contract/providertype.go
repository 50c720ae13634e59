package contract

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

var (
	ruleProviderType      = rule("provider-type-api-group", lint.Warning, "A provider's CRDs follow its type's API group convention (infrastructure.*, bootstrap.*, controlplane.*); components whose typed CRDs all belong to another type are declared with the wrong type. A warning: clusterctl installs them all the same, under the declared type's label (cmd/clusterctl/client/repository/components.go addCommonLabels) and provider inventory entry, so users name the provider with the wrong flag (clusterctl init --infrastructure) and correcting it after a release renames the provider.")
	RuleProviderTypeLabel = rule("provider-type-label", lint.Warning, "The kustomization already sets a cluster.x-k8s.io/provider label other than the one capirepo derives from the config's type and name, and capirepo (like clusterctl) replaces it: a warning when it is the label of another provider type (the type in capirepo.yaml is likely wrong), a note otherwise.")
)

// checkProviderType: some CRDs are in a provider-type group (infrastructure.*,
// bootstrap.*, controlplane.*) but none in the declared type's. Bundles such as CAPA's
// (infrastructure plus EKS bootstrap and control plane) pass: they have their own.
func checkProviderType(s *scan) lint.Findings {
	if layout.GroupPrefix(layout.Type(s.in.Type)) == "" {
		return nil
	}
	other := map[string][]string{} // type -> kinds
	for _, c := range s.crds {
		switch t := string(layout.GroupType(c.group, layout.GroupConvention)); {
		case t == s.in.Type:
			return nil
		case t != "":
			other[t] = append(other[t], c.kind+"."+c.group)
		}
	}
	if len(other) == 0 {
		return nil
	}
	var types, kinds []string
	for t, ks := range other {
		types = append(types, t)
		kinds = append(kinds, ks...)
	}
	sort.Strings(types)
	sort.Strings(kinds)
	if len(kinds) > 5 {
		kinds = append(kinds[:5], fmt.Sprintf("and %d more", len(kinds)-5))
	}
	first := s.crds[0].doc
	for _, c := range s.crds {
		if layout.GroupType(c.group, layout.GroupConvention) != "" {
			first = c.doc
			break
		}
	}
	return lint.Findings{report(ruleProviderType, s.in.File, first, 0,
		"the provider is declared %s, but its CRDs (%s) are in API groups of a %s and none in %s*: set type: %s in capirepo.yaml, or check the kustomize folder",
		s.in.Type, strings.Join(kinds, ", "), strings.Join(types, " or "), layout.GroupPrefix(layout.Type(s.in.Type)), types[0])}
}
