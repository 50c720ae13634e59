package upgrade

import (
	"bytes"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
)

// crds reports the CRDs of the previous release next removes, the served versions
// it drops under the previous release's templates, and versions next serves
// without conversion.
func (c *check) crds() {
	for i := range c.prev.CRDs {
		pc := &c.prev.CRDs[i]
		nc := c.next.CRD(pc.Name)
		if nc == nil {
			c.crdRemoved(pc)
			continue
		}
		for _, v := range pc.Versions {
			if nv := nc.Version(v.Name); v.Served && (nv == nil || !nv.Served) {
				c.servedDropped(pc, nc, v.Name, nv == nil)
			}
		}
	}
	for i := range c.next.CRDs {
		c.conversion(&c.next.CRDs[i])
	}
}

func (c *check) crdRemoved(pc *inventory.CRD) {
	var why []string
	if len(pc.Contracts) > 0 {
		why = append(why, "a contract kind (labels "+contractLabels(pc)+")")
	}
	if files := usedBy(c.prev, pc, "", true); len(files) > 0 {
		why = append(why, "used by "+name(c.prev)+"'s "+strings.Join(files, ", "))
	}
	if len(why) == 0 {
		return // a note (notes)
	}
	c.cover(pc.Name, "")
	c.add(RuleCRDRemoved, pc.File, 0, "CustomResourceDefinition "+pc.Name, fmt.Sprintf("%s ships %s (%s), %s; %s removes it. clusterctl upgrade keeps the CRD and its objects but deletes the old manager, so nothing reconciles %s objects any more: their status never changes, and deleting them, or the Clusters that own them, hangs on the provider's finalizer. Keep the CRD and its controller while a release users run needs it",
		name(c.prev), pc.Name, pc.Kind, strings.Join(why, "; "), name(c.next), pc.Kind))
}

func (c *check) servedDropped(pc, nc *inventory.CRD, v string, removed bool) {
	files := usedBy(c.prev, pc, v, false)
	if len(files) == 0 {
		return // a note (notes)
	}
	how := "served: false"
	if removed {
		how = "removed from spec.versions"
	}
	c.cover(pc.Name, "versions["+v+"]")
	c.cover(pc.Name, "versions["+v+"].served")
	gv := pc.Group + "/" + v
	c.add(RuleServedDropped, nc.File, nc.Line, "CustomResourceDefinition "+nc.Name, fmt.Sprintf("%s's templates (%s) create %s in %s, which %s no longer serves (%s): applied to an upgraded cluster they fail with: no matches for kind %q in version %q. Keep %s served while users apply those templates, or tell them to rewrite them in %s",
		name(c.prev), strings.Join(files, ", "), pc.Kind, gv, name(c.next), how, pc.Kind, gv, v, pc.Group+"/"+nc.StorageVersion()))
}

// usedBy lists the template and ClusterClass files of r that use a CRD's kind: in
// version v as objects (refs false), or in any version and as references too (v "").
func usedBy(r *inventory.Release, crd *inventory.CRD, v string, refs bool) []string {
	seen := map[string]bool{}
	for _, k := range r.Kinds {
		group, ver, _ := strings.Cut(k.APIVersion, "/")
		if k.APIGroup != "" {
			group = k.APIGroup
		}
		if k.Kind == crd.Kind && group == crd.Group && (refs || !k.Ref) && (v == "" || ver == v) {
			seen[k.File] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// conversion warns about a CRD of next serving versions whose schemas differ with
// strategy None, unless the previous release already did.
func (c *check) conversion(nc *inventory.CRD) {
	served := servedDiffering(nc)
	if len(served) < 2 || nc.Conversion.Strategy != "None" {
		return
	}
	if pc := c.prev.CRD(nc.Name); pc != nil && pc.Conversion.Strategy == "None" && len(servedDiffering(pc)) >= 2 {
		return
	}
	c.add(RuleNoConversion, nc.File, nc.Line, "CustomResourceDefinition "+nc.Name, fmt.Sprintf("%s serves %s, whose schemas differ, with spec.conversion.strategy None: the API server only rewrites apiVersion between them, so an object written in %s and read in %s keeps %s's fields. Convert with a webhook (strategy: Webhook) or serve one version",
		name(c.next), strings.Join(served, " and "), served[0], served[1], served[0]))
}

// servedDiffering lists the served versions of a CRD when at least two of their
// schemas differ, else none.
func servedDiffering(crd *inventory.CRD) []string {
	var names []string
	var schemas []*inventory.CRDVersion
	for i, v := range crd.Versions {
		if v.Served {
			names = append(names, v.Name)
			schemas = append(schemas, &crd.Versions[i])
		}
	}
	for _, s := range schemas[min(1, len(schemas)):] {
		if !sameSchema(schemas[0], s) {
			return names
		}
	}
	return nil
}

func sameSchema(a, b *inventory.CRDVersion) bool {
	switch {
	case a.Schema == nil || b.Schema == nil:
		return a.Schema == b.Schema
	case a.Schema.Text != nil && b.Schema.Text != nil:
		return bytes.Equal(a.Schema.Text, b.Schema.Text)
	}
	va, errA := a.Schema.Parse()
	vb, errB := b.Schema.Parse()
	return errA == nil && errB == nil && reflect.DeepEqual(va, vb)
}

func contractLabels(crd *inventory.CRD) string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(crd.Contracts)) {
		out = append(out, layout.ContractLabel(k)+": "+crd.Contracts[k])
	}
	return strings.Join(out, ", ")
}
