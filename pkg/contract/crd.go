package contract

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// crd is what the rules need of a CustomResourceDefinition.
type crd struct {
	doc                        manifest.Doc
	group, kind, plural, scope string
	versions                   map[string]bool // version name -> served
	role                       string          // "InfraMachine", ...; "" when Cluster API does not reference the kind (role.go)
	roleWhy                    string          // the evidence for role
}

func newCRD(d manifest.Doc) crd {
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
	c.role, c.roleWhy = roleOf(c)
	return c
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
