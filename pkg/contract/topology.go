package contract

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

var ruleCPTopologyFields = rule("contract-control-plane-topology-fields", lint.Warning, "A v1beta2 ControlPlane with a ControlPlaneTemplate (ClusterClass support) and spec.machineTemplate SHOULD have the fields the topology reconciler writes from the ClusterClass and the Cluster topology: spec.machineTemplate.spec.deletion.{nodeDrainTimeoutSeconds, nodeVolumeDetachTimeoutSeconds, nodeDeletionTimeoutSeconds}, spec.machineTemplate.spec.readinessGates, spec.machineTemplate.spec.taints, spec.rollout.after; and its ControlPlaneTemplate spec.template.metadata, which Cluster API copies onto the ControlPlane (controllers/external/util.go GenerateTemplate). The API server prunes a field the schema lacks, so the setting is silently lost: a warning (exp/topology/desiredstate/desired_state.go computeControlPlane; control-plane contract: machines, rolloutAfter, ControlPlaneTemplate).")

// topologyWrites are the v1beta2 paths of a ControlPlane the topology reconciler
// writes when a ClusterClass or Cluster topology sets them, with their types.
var topologyWrites = []want{
	wantAt("spec.machineTemplate.spec.deletion.nodeDrainTimeoutSeconds", integer()),
	wantAt("spec.machineTemplate.spec.deletion.nodeVolumeDetachTimeoutSeconds", integer()),
	wantAt("spec.machineTemplate.spec.deletion.nodeDeletionTimeoutSeconds", integer()),
	wantAt("spec.machineTemplate.spec.readinessGates", gates),
	wantAt("spec.machineTemplate.spec.taints", taints),
	wantAt("spec.rollout.after", str()),
}

// checkTopologyFields warns, once per kind and version, about the topology fields a
// v1beta2 ControlPlane with machines and a ControlPlaneTemplate lacks, and a v1beta2
// ControlPlaneTemplate without spec.template.metadata.
func checkTopologyFields(s *scan) lint.Findings {
	var out lint.Findings
	for _, c := range s.crds {
		for _, t := range targets(c, s.in.Contract) {
			sv := c.servedVersion(t.version)
			if t.contract != layout.ContractV1beta2 || sv.schema == nil {
				continue
			}
			if missing := topologyMissing(s, c, sv); len(missing) > 0 {
				out = append(out, schemaFinding(s, c, t, ruleCPTopologyFields, sv.line(c, missing[0]),
					strings.Join(missing, ", ")+" missing: "+topologyLoss(c), "add the contract's fields (control-plane contract: machines, rolloutAfter, ControlPlaneTemplate)"))
			}
		}
	}
	return out
}

func topologyLoss(c crd) string {
	if c.role == roleControlPlaneTemplate {
		return "Cluster API copies the labels and annotations there onto the ControlPlane it creates (GenerateTemplate), and the API server prunes a field the schema lacks, so metadata set in the template or by ClusterClass patches is silently lost"
	}
	return "the topology reconciler writes them from the ClusterClass and the Cluster topology (desired_state.go computeControlPlane), and the API server prunes fields the schema lacks, so those settings are silently lost"
}

// topologyMissing lists the topology paths kind c lacks at version sv.
func topologyMissing(s *scan, c crd, sv served) []string {
	var paths []string
	switch {
	case c.role == roleControlPlaneTemplate:
		paths = []string{"spec.template.metadata"}
	case c.role == roleControlPlane && hasTemplate(s, c):
		if n, st := sv.field("spec.machineTemplate"); st != present || len(properties(n)) == 0 {
			return nil // no Machines: the machine template fields do not apply
		}
		for _, w := range topologyWrites {
			paths = append(paths, w.path)
		}
	}
	var lacks []string
	for _, p := range paths {
		if _, st := sv.field(p); st == missing {
			lacks = append(lacks, p)
		}
	}
	return lacks
}
