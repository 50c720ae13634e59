package diff

import (
	"bytes"
	"runtime"
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/manifest"
	"golang.org/x/sync/errgroup"
)

// crds compares CustomResourceDefinitions by name: presence, then per version
// (spec.versions by name: presence, served, storage, deprecated, schema, the other
// fields of the version) and spec.conversion. The rest of a CRD is an object
// (objects). Schemas are compared as text first: equal text needs no parse.
func crds(a, b *inventory.Release) []Difference {
	each := make([][]Difference, len(a.CRDs)) // CRDs are compared on every CPU
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range a.CRDs {
		g.Go(func() error {
			ca := &a.CRDs[i]
			if cb := b.CRD(ca.Name); cb != nil {
				each[i] = crdPair(ca, cb)
			} else {
				each[i] = []Difference{crdDiff(ca, nil, "", OnlyInA, versionList(ca), "")}
			}
			return nil
		})
	}
	_ = g.Wait()
	var out []Difference
	for _, ds := range each {
		out = append(out, ds...)
	}
	for i := range b.CRDs {
		if cb := &b.CRDs[i]; a.CRD(cb.Name) == nil {
			out = append(out, crdDiff(nil, cb, "", OnlyInB, "", versionList(cb)))
		}
	}
	return out
}

func crdDiff(a, b *inventory.CRD, path, change, va, vb string) Difference {
	d := Difference{Section: SectionCRDs, Path: path, Change: change, A: va, B: vb}
	if a != nil {
		d.Subject, d.File, d.LineA = a.Name, a.File, a.Line
	}
	if b != nil {
		d.Subject, d.LineB = b.Name, b.Line
		if d.File == "" {
			d.File = b.File
		}
	}
	return d
}

// versionList prints a CRD's versions: "v1alpha1 (served), v1beta1 (served, storage)".
func versionList(c *inventory.CRD) string {
	var parts []string
	for _, v := range c.Versions {
		parts = append(parts, v.Name+" ("+versionFlags(v)+")")
	}
	return strings.Join(parts, ", ")
}

func versionFlags(v inventory.CRDVersion) string {
	flags := []string{"served: " + strconv.FormatBool(v.Served), "storage: " + strconv.FormatBool(v.Storage)}
	if v.Deprecated {
		flags = append(flags, "deprecated")
	}
	return strings.Join(flags, ", ")
}

func crdPair(a, b *inventory.CRD) []Difference {
	var out []Difference
	for _, va := range a.Versions {
		vb := b.Version(va.Name)
		path := "versions[" + va.Name + "]"
		if vb == nil {
			out = append(out, crdDiff(a, b, path, OnlyInA, versionFlags(va), ""))
			continue
		}
		for _, f := range []struct {
			name   string
			va, vb bool
		}{{"served", va.Served, vb.Served}, {"storage", va.Storage, vb.Storage}, {"deprecated", va.Deprecated, vb.Deprecated}} {
			if f.va != f.vb {
				out = append(out, crdDiff(a, b, path+"."+f.name, Changed, strconv.FormatBool(f.va), strconv.FormatBool(f.vb)))
			}
		}
		out = append(out, schemaDiffs(a, b, path+".schema", va.Schema, vb.Schema)...)
		out = append(out, fieldDiffs(a, b, path, versionRest(a.Object, va.Name), versionRest(b.Object, va.Name))...)
	}
	for _, vb := range b.Versions {
		if a.Version(vb.Name) == nil {
			out = append(out, crdDiff(a, b, "versions["+vb.Name+"]", OnlyInB, "", versionFlags(vb)))
		}
	}
	out = append(out, schemaDiffs(a, b, "validation", a.Validation, b.Validation)...)
	return append(out, fieldDiffs(a, b, "conversion", a.Object.Get("spec", "conversion"), b.Object.Get("spec", "conversion"))...)
}

// versionRest is a spec.versions item without the fields compared on their own.
func versionRest(o manifest.Object, name string) map[string]any {
	for _, v := range o.Slice("spec", "versions") {
		m, ok := asMap(v)
		if !ok || m["name"] != name {
			continue
		}
		rest := map[string]any{}
		for k, val := range m {
			switch k {
			case "name", "served", "storage", "deprecated", "schema":
			default:
				rest[k] = val
			}
		}
		return rest
	}
	return nil
}

// schemaDiffs compares two schemas: equal text is equal; otherwise both are parsed
// and compared field by field.
func schemaDiffs(a, b *inventory.CRD, path string, sa, sb *manifest.Schema) []Difference {
	switch {
	case sa == nil && sb == nil:
		return nil
	case sa != nil && sb != nil && sa.Text != nil && sb.Text != nil:
		if bytes.Equal(sa.Text, sb.Text) {
			return nil
		}
		var fs []field
		if err := blockFields(path, sa.Text, sb.Text, &fs); err == nil {
			return toDiffs(a, b, fs)
		}
	}
	va, errA := parseSchema(sa)
	vb, errB := parseSchema(sb)
	if errA != nil || errB != nil {
		return []Difference{crdDiff(a, b, path, Changed, errText(errA, "unparsable"), errText(errB, "unparsable"))}
	}
	return fieldDiffs(a, b, path, va, vb)
}

func parseSchema(s *manifest.Schema) (any, error) {
	if s == nil {
		return nil, nil
	}
	return s.Parse()
}

func errText(err error, what string) string {
	if err == nil {
		return ""
	}
	return what + ": " + err.Error()
}

// fieldDiffs turns the field differences of two values of a CRD into differences.
func fieldDiffs(a, b *inventory.CRD, path string, va, vb any) []Difference {
	var fs []field
	fields(path, va, vb, &fs)
	return toDiffs(a, b, fs)
}

func toDiffs(a, b *inventory.CRD, fs []field) []Difference {
	out := make([]Difference, 0, len(fs))
	for _, f := range fs {
		sa, sb := f.shown()
		out = append(out, crdDiff(a, b, f.path, change(f), sa, sb))
	}
	return out
}

// change is the kind of change of a field.
func change(f field) string {
	switch {
	case f.onlyA:
		return OnlyInA
	case f.onlyB:
		return OnlyInB
	}
	return Changed
}
