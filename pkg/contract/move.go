package contract

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
)

const (
	moveLabel          = "clusterctl.cluster.x-k8s.io/move"
	moveHierarchyLabel = "clusterctl.cluster.x-k8s.io/move-hierarchy"
)

// ruleMoveLabel: clusterctl move (cmd/clusterctl/client/cluster/objectgraph.go)
// moves only objects in a Cluster's (or ClusterResourceSet's) owner chain, objects
// labelled move or move-hierarchy and, through getDiscoveryTypes, every object of a
// CRD carrying either label (getMoveNodes: tenant or forceMove). Identity objects
// are referenced (spec.identityRef), never owned, so without the label they stay.
var ruleMoveLabel = rule("components-move-label", lint.Warning, "clusterctl move moves an object outside a Cluster's owner chain only when \"the object has the clusterctl.cluster.x-k8s.io/move label or the clusterctl.cluster.x-k8s.io/move-hierarchy label, e.g. the infrastructure Provider ClusterIdentity objects\"; the labels \"could be applied ... at the CRD level\" (clusterctl contract 7.4; objectgraph.go getDiscoveryTypes, getMoveNodes). An identity kind's CRD (<...>Identity) without either label, whose objects in the release's templates do not carry one either, is left behind by clusterctl move, and the moved clusters lose their credentials.")

// checkMoveLabels: the provider's *Identity kinds carry move or move-hierarchy.
func checkMoveLabels(s *scan) lint.Findings {
	own := ownGroups(s.crds)
	var out lint.Findings
	for _, c := range s.crds {
		if !own[c.group] || !isIdentityKind(c) {
			continue
		}
		labels := c.doc.Obj.StringMap("metadata", "labels")
		if _, ok := labels[moveHierarchyLabel]; ok {
			continue
		}
		if _, ok := labels[moveLabel]; ok {
			continue
		}
		out = append(out, report(ruleMoveLabel, s.in.File, c.doc, c.doc.LineOf("metadata", "name"),
			"%s objects are referenced by clusters, not owned by them, so clusterctl move leaves them (and the Secrets they own) behind and the moved clusters lose their credentials; label the CRD %s: \"true\" (kubebuilder: +kubebuilder:metadata:labels=%q on the type, or commonLabels on config/crd), or label every object in the templates and tell users to label theirs",
			c.kind, moveHierarchyLabel, moveHierarchyLabel+"=true"))
	}
	return out
}

// isIdentityKind: a kind named <...>Identity (CAPA's AWSClusterStaticIdentity,
// CAPZ's AzureClusterIdentity, CAPV's VSphereClusterIdentity), not a contract kind.
func isIdentityKind(c crd) bool {
	return c.role == "" && strings.HasSuffix(c.kind, "Identity") && len(c.kind) > len("Identity")
}

// ObjectMoveLabels drops the components-move-label findings of identity kinds whose
// objects in the release's templates all carry move or move-hierarchy themselves:
// the contract lets the label sit on single objects (CAPZ labels each
// AzureClusterIdentity in its templates), and objectgraph.go reads it there too.
func ObjectMoveLabels(fs lint.Findings, templates []TemplateFile) lint.Findings {
	labelled := map[string]bool{} // CRD name -> every object labelled
	for _, f := range templates {
		for _, d := range f.Docs {
			if !strings.HasSuffix(d.Obj.Kind(), "Identity") || d.Obj.Group() == "" {
				continue
			}
			name := CRDName(d.Obj.Group(), d.Obj.Kind())
			labels := d.Obj.StringMap("metadata", "labels")
			_, h := labels[moveHierarchyLabel]
			_, m := labels[moveLabel]
			prev, seen := labelled[name]
			labelled[name] = (h || m) && (prev || !seen)
		}
	}
	out := fs[:0:0]
	for _, f := range fs {
		name, _ := strings.CutPrefix(f.Object, "CustomResourceDefinition ")
		if f.Rule != ruleMoveLabel.ID || !labelled[name] {
			out = append(out, f)
		}
	}
	return out
}
