package contract

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

var ruleIPAMClaims = rule("components-ipam-claims-rbac", lint.Warning, "\"An IPAM provider must watch for new, updated and deleted IPAddressClaims that reference an IP address pool that is managed by the provider\", create an IPAddress for each and set the claim's status.addressRef (cluster-api v1.14 IPAM contract, docs/book/src/developer/providers/contracts/ipam.md; the claims are ipam.cluster.x-k8s.io, shipped by the core): the manager's service account must, cluster-wide, get, list, watch and update or patch ipaddressclaims, update or patch ipaddressclaims/status, and create and delete ipaddresses. Resolved as components-manager-rbac. A warning: clusterctl init installs the provider and the API server accepts it, but its claim watch is forbidden and no claim is ever fulfilled, so infrastructure machines waiting for an address never get one.")

// ipamNeeds are the grants the IPAM contract's claim reconcile needs.
var ipamNeeds = []struct {
	resource string
	verbs    [][]string
}{
	{"ipaddressclaims", readWrite},
	{"ipaddressclaims/status", statusWrite},
	{"ipaddresses", [][]string{{"create"}, {"delete"}}},
}

// checkIPAMClaims: an IPAM provider's manager must be able to serve IPAddressClaims.
func checkIPAMClaims(s *scan) lint.Findings {
	accounts, deps := managerAccounts(s.in.Docs)
	if s.in.Type != layout.IPAMProvider || len(accounts) == 0 {
		return nil
	}
	a := accessOf(s.in.Docs, newRoleGraph(s.in.Docs), accounts, s.target)
	if len(a.unresolved) > 0 {
		return nil // components-manager-rbac-unresolved
	}
	var gaps []string
	for _, n := range ipamNeeds {
		if m := a.cluster.missing("ipam.cluster.x-k8s.io", n.resource, n.verbs); len(m) > 0 {
			gaps = append(gaps, strings.Join(m, ", ")+" on "+n.resource+".ipam.cluster.x-k8s.io")
		}
	}
	if len(gaps) == 0 {
		return nil
	}
	d := deps[0]
	return lint.Findings{report(ruleIPAMClaims, s.in.File, d, d.LineOf("spec", "template", "spec", "serviceAccountName"),
		"the IPAM provider's manager (service account %s) is not granted %s cluster-wide, so it cannot watch and fulfil IPAddressClaims (IPAM contract); grant it (+kubebuilder:rbac:groups=ipam.cluster.x-k8s.io,resources=ipaddressclaims,verbs=get;list;watch;update;patch, resources=ipaddressclaims/status,verbs=get;update;patch, resources=ipaddresses,verbs=create;delete;get;list;watch)",
		strings.Join(accounts, ", "), strings.Join(gaps, ", nor "))}
}
