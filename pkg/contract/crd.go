package contract

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// crd is what the rules need of a CustomResourceDefinition.
type crd struct {
	doc                        manifest.Doc
	group, kind, plural, scope string
	versions                   map[string]bool // version name -> served
	role                       string          // "InfraMachine", ...; "" when Cluster API does not reference the kind
}

func newCRD(d manifest.Doc, typ string) crd {
	c := crd{doc: d, group: d.Obj.String("spec", "group"), kind: d.Obj.String("spec", "names", "kind"),
		plural: d.Obj.String("spec", "names", "plural"), scope: d.Obj.String("spec", "scope"),
		versions: map[string]bool{}}
	if v := d.Obj.String("spec", "version"); v != "" { // apiextensions v1beta1
		c.versions[v] = true
	}
	for _, v := range d.Obj.Slice("spec", "versions") {
		m, _ := v.(map[string]any)
		name, _ := m["name"].(string)
		served, ok := m["served"].(bool)
		c.versions[name] = served || !ok
	}
	c.role = role(typ, c.group, c.kind)
	return c
}

// roleSuffixes are the kinds each provider type serves to Cluster API, recognised by
// suffix (longest first): InfraCluster, InfraMachine, InfraMachinePool and, for
// managed Kubernetes, a ControlPlane; BootstrapConfig; ControlPlane; each with its
// Template.
var roleSuffixes = map[string][][2]string{
	layout.InfrastructureProvider: {
		{"ControlPlaneTemplate", "ControlPlaneTemplate"}, {"MachinePoolTemplate", "InfraMachinePoolTemplate"},
		{"MachineTemplate", "InfraMachineTemplate"}, {"ClusterTemplate", "InfraClusterTemplate"},
		{"ControlPlane", "ControlPlane"}, {"MachinePool", "InfraMachinePool"},
		{"Machine", "InfraMachine"}, {"Cluster", "InfraCluster"}},
	layout.BootstrapProvider:    {{"ConfigTemplate", "BootstrapConfigTemplate"}, {"Config", "BootstrapConfig"}},
	layout.ControlPlaneProvider: {{"ControlPlaneTemplate", "ControlPlaneTemplate"}, {"ControlPlane", "ControlPlane"}},
}

// groupPrefix is the API group convention of each type (bootstrap.foo.com, ...).
var groupPrefix = map[string]string{
	layout.InfrastructureProvider: "infrastructure.",
	layout.BootstrapProvider:      "bootstrap.",
	layout.ControlPlaneProvider:   "controlplane.",
}

// role classifies a CRD kind as one Cluster API references. Heuristic: the provider
// type decides the suffixes; the kind must be longer than the suffix; the group must
// follow the type's convention (<type>.<domain>) or be a cluster.x-k8s.io group, so
// third-party CRDs bundled by a provider (e.g. Azure Service Operator's ManagedCluster)
// are not mistaken for contract kinds.
func role(typ, group, kind string) string {
	if !strings.HasPrefix(group, groupPrefix[typ]) && !isCAPIGroup(group) {
		return ""
	}
	for _, s := range roleSuffixes[typ] {
		if strings.HasSuffix(kind, s[0]) && len(kind) > len(s[0]) {
			return s[1]
		}
	}
	return ""
}

func isCAPIGroup(group string) bool {
	return group == "cluster.x-k8s.io" || strings.HasSuffix(group, ".cluster.x-k8s.io")
}

// needsTemplate: the roles that should have a <Kind>Template (machine pools are
// usually used without ClusterClass, so they are left out).
func (c crd) needsTemplate() bool {
	if c.role == "" || strings.HasSuffix(c.role, "Template") || strings.HasSuffix(c.role, "MachinePool") {
		return false
	}
	return !strings.HasSuffix(c.kind, "PoolMachine")
}
