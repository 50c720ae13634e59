package inventory

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// contractLabel is the prefix of the labels that map a Cluster API contract to the
// CRD's versions (cluster.x-k8s.io/v1beta1: v1alpha1_v1beta1), which clusterctl and
// the core controllers read.
const contractLabel = layout.ContractLabelPrefix

// newCRD takes the facts of a CustomResourceDefinition outlined by manifest.SplitOutline
// (File and Line are set by at).
func newCRD(d manifest.Outline) CRD {
	o := d.Obj
	c := CRD{Name: o.Name(), Group: o.String("spec", "group"),
		Kind: o.String("spec", "names", "kind"), Scope: o.String("spec", "scope"), Object: o}
	schemas := map[string]*manifest.Schema{}
	for i := range d.Schemas {
		s := &d.Schemas[i]
		if s.Version == "" && c.Validation == nil {
			c.Validation = s
		} else if schemas[s.Version] == nil {
			schemas[s.Version] = s
		}
	}
	for _, v := range o.Slice("spec", "versions") {
		m := manifest.Object(asMap(v))
		name := m.String("name")
		c.Versions = append(c.Versions, CRDVersion{Name: name, Served: m.Get("served") == true,
			Storage: m.Get("storage") == true, Deprecated: m.Get("deprecated") == true, Schema: schemas[name]})
	}
	if len(c.Versions) == 0 && o.String("spec", "version") != "" { // apiextensions v1beta1's single version
		c.Versions = []CRDVersion{{Name: o.String("spec", "version"), Served: true, Storage: true}}
	}
	c.Conversion = conversionOf(o)
	for k, v := range o.StringMap("metadata", "labels") {
		if contract, ok := strings.CutPrefix(k, contractLabel); ok && strings.HasPrefix(contract, "v") && !strings.Contains(contract, "/") {
			if c.Contracts == nil {
				c.Contracts = map[string]string{}
			}
			c.Contracts[contract] = v
		}
	}
	return c
}

// at is the CRD as found in file at line, its schemas' lines moved by offset.
func (c *CRD) at(file string, line, offset int) CRD {
	out := *c
	out.File, out.Line = file, line
	out.Versions = append([]CRDVersion(nil), c.Versions...)
	for i, v := range out.Versions {
		if v.Schema != nil {
			s := *v.Schema
			s.Line += offset
			out.Versions[i].Schema = &s
		}
	}
	if c.Validation != nil {
		s := *c.Validation
		s.Line += offset
		out.Validation = &s
	}
	return out
}

// conversionOf reads spec.conversion: the strategy (None when unset, as the API
// server defaults it) and the webhook service of v1 (webhook.clientConfig) or v1beta1
// (webhookClientConfig).
func conversionOf(o manifest.Object) Conversion {
	c := Conversion{Strategy: o.String("spec", "conversion", "strategy")}
	if c.Strategy == "" {
		c.Strategy = "None"
	}
	svc := o.Map("spec", "conversion", "webhook", "clientConfig", "service")
	if svc == nil {
		svc = o.Map("spec", "conversion", "webhookClientConfig", "service")
	}
	if svc != nil {
		m := manifest.Object(svc)
		c.Service = m.String("namespace") + "/" + m.String("name")
	}
	reviews := o.Slice("spec", "conversion", "webhook", "conversionReviewVersions")
	if reviews == nil {
		reviews = o.Slice("spec", "conversion", "conversionReviewVersions")
	}
	c.Reviews = stringList(reviews)
	return c
}

// StorageVersion is the version stored in etcd, or "".
func (c *CRD) StorageVersion() string {
	for _, v := range c.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

// Version returns the named version, or nil.
func (c *CRD) Version(name string) *CRDVersion {
	for i := range c.Versions {
		if c.Versions[i].Name == name {
			return &c.Versions[i]
		}
	}
	return nil
}

// asMap is v as a string-keyed map (nil when it is not one).
func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// stringList is the string items of a list.
func stringList(l []any) []string {
	var out []string
	for _, v := range l {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
