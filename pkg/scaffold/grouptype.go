package scaffold

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// ownGroups are Cluster API's own groups a provider's CRDs may serve, by the type a
// provider serving them is: layout reads no type in them (TypeOfAnyGroup is "" for
// Cluster API's groups), but the core serves cluster.x-k8s.io, CAAPH and fleet
// addons.cluster.x-k8s.io, the in-cluster IPAM provider ipam.cluster.x-k8s.io.
var ownGroups = map[string]layout.Type{
	"cluster.x-k8s.io":         layout.CoreProvider,
	"addons.cluster.x-k8s.io":  layout.AddonProvider,
	"ipam.cluster.x-k8s.io":    layout.IPAMProvider,
	"runtime.cluster.x-k8s.io": layout.RuntimeExtensionProvider,
}

// groupType is the provider type of a Cluster API group: one of ownGroups (or a
// sub-group of one but the core's); for another *.cluster.x-k8s.io group (a sub-group such as CAPV's
// vmware.infrastructure.cluster.x-k8s.io too) the type layout reads in it; "" for any
// other group.
func groupType(g string) string {
	if t, ok := ownGroups[g]; ok {
		return string(t)
	}
	if _, parent, _ := strings.Cut(g, "."); ownGroups[parent] != "" && ownGroups[parent] != layout.CoreProvider {
		return string(ownGroups[parent]) // a sub-group: foo.addons.cluster.x-k8s.io
	}
	if !strings.HasSuffix(g, ".cluster.x-k8s.io") {
		return ""
	}
	return string(layout.TypeOfAnyGroup(g))
}
