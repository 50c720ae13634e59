package contract

import (
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// ruleEndpointMissing: the v1beta1 infrastructure contract lists
// spec.controlPlaneEndpoint as required; the v1beta2 contract and cluster-api's
// code (internal/contract ControlPlaneEndpoint, read only when present) do not, and
// managed control planes set the endpoint themselves, so this is advice.
var ruleEndpointMissing = rule("contract-infra-cluster-endpoint", lint.Note, "InfraCluster \"Must have a spec field with the following: Required fields: controlPlaneEndpoint (apiEndpoint): the endpoint for the cluster's control plane\" (infrastructure provider specification, contract v1beta1); later contracts make it optional, so its absence under a cluster.x-k8s.io/v1beta1 label is a note.")

// checkEndpointPresence notes an InfraCluster read under the v1beta1 contract whose
// schema has no spec.controlPlaneEndpoint.
func checkEndpointPresence(s *scan) lint.Findings {
	var out lint.Findings
	for _, c := range s.crds {
		if c.role != "InfraCluster" {
			continue
		}
		for _, t := range targets(c, s.in.Contract) {
			sv := c.servedVersion(t.version)
			if t.contract != layout.ContractV1beta1 || sv.schema == nil {
				continue
			}
			if _, st := sv.field("spec.controlPlaneEndpoint"); st == missing {
				out = append(out, report(ruleEndpointMissing, s.in.File, c.doc, sv.line(c, "spec"),
					"%s %s has no spec.controlPlaneEndpoint, which the v1beta1 infrastructure contract lists as required; add it (clusterv1beta1.APIEndpoint) unless the control plane provider sets the endpoint", c.kind, t.version))
			}
		}
	}
	return out
}
