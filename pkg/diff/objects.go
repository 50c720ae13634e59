package diff

import (
	"path"
	"reflect"
	"strings"
	"unicode"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// ClusterctlLabels are the labels clusterctl sets on every object of a components file
// when it installs it (cmd/clusterctl/client/repository/components.go,
// addCommonLabels: clusterctlv1.ClusterctlLabel and clusterv1.ProviderNameLabel), over
// whatever the file says: their values in a components file never reach a cluster.
// Templates are applied as they are, so their labels count.
func ClusterctlLabels() []string {
	return []string{"clusterctl.cluster.x-k8s.io", layout.ProviderLabelKey}
}

// explanation is what the images and variables sections already report, so that a
// field differing only by it is not reported again.
type explanation struct {
	images map[string]bool // image references with a difference
	vars   map[string]bool // "file ${NAME}" of every variable with a difference
}

func explained(imgs, vars []Difference) explanation {
	ex := explanation{images: map[string]bool{}, vars: map[string]bool{}}
	for _, d := range imgs {
		ex.images[d.A], ex.images[d.B] = true, true
	}
	for _, d := range vars {
		ex.vars[d.File+" "+d.Subject] = true
	}
	return ex
}

// objects compares the objects of each YAML file both sides have, by key. CRDs are
// compared without spec.versions and spec.conversion (crds reports those, and their
// presence).
func objects(a, b *inventory.Release, ex explanation) []Difference {
	var out []Difference
	byFile := func(r *inventory.Release, file string) (map[string]inventory.Object, []string) {
		m, keys := map[string]inventory.Object{}, []string(nil)
		for _, o := range r.Objects {
			if o.File == file {
				m[o.Key] = o
				keys = append(keys, o.Key)
			}
		}
		return m, keys
	}
	for _, file := range both(a, b) {
		oa, keysA := byFile(a, file)
		ob, keysB := byFile(b, file)
		comps := layout.FileKind(file) == layout.KindComponents
		for _, k := range keysA {
			out = append(out, objectPair(file, oa[k], ob[k], comps, ex)...)
		}
		for _, k := range keysB {
			if _, ok := oa[k]; !ok && !isCRD(ob[k]) {
				o := ob[k]
				out = append(out, Difference{Section: SectionObjects, File: file, Subject: k, Change: OnlyInB, LineB: o.Line})
			}
		}
	}
	return out
}

// sameBody reports two objects whose bodies are one map, read once for both.
func sameBody(a, b inventory.Object) bool {
	return a.Body != nil && b.Body != nil && reflect.ValueOf(a.Body).UnsafePointer() == reflect.ValueOf(b.Body).UnsafePointer()
}

func isCRD(o inventory.Object) bool {
	return o.Kind == "CustomResourceDefinition" && strings.HasPrefix(o.APIVersion, "apiextensions.k8s.io/")
}

func objectPair(file string, a, b inventory.Object, comps bool, ex explanation) []Difference {
	if b.Key == "" {
		if isCRD(a) {
			return nil
		}
		return []Difference{{Section: SectionObjects, File: file, Subject: a.Key, Change: OnlyInA, LineA: a.Line}}
	}
	if sameBody(a, b) { // a document both releases share is the same map (inventory.Cache)
		return nil
	}
	var fs []field
	fields("", comparable(a, comps), comparable(b, comps), &fs)
	var out []Difference
	for _, f := range fs {
		if ex.covers(file, f) {
			continue
		}
		sa, sb := f.shown()
		out = append(out, Difference{Section: SectionObjects, File: file, Subject: a.Key, Path: f.path,
			Change: change(f), A: sa, B: sb, LineA: a.Line, LineB: b.Line})
	}
	return out
}

// covers reports a field whose difference another section reports: an image, or a
// string whose text is the same on both sides once the ${...} of every variable the
// variables section reports for the file is taken out.
func (ex explanation) covers(file string, f field) bool {
	sa, okA := f.a.(string)
	sb, okB := f.b.(string)
	if !okA || !okB {
		return false
	}
	if path.Ext(f.path) == ".image" || f.path == "image" {
		if ex.images[sa] || ex.images[sb] {
			return true
		}
	}
	reported := func(expr string) bool { return ex.vars[file+" ${"+varName(expr)+"}"] }
	ta, na := withoutVariables(sa, reported)
	tb, nb := withoutVariables(sb, reported)
	return na+nb > 0 && ta == tb
}

// varName is the name a ${...} expression starts with.
func varName(expr string) string {
	s := strings.TrimLeft(strings.TrimPrefix(expr, "${"), " ")
	end := strings.IndexFunc(s, func(r rune) bool { return r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if end < 0 {
		return s
	}
	return s[:end]
}

// comparable is an object's body as it is compared: without the labels clusterctl
// sets (components files), and a CRD without what crds compares.
func comparable(o inventory.Object, comps bool) any {
	body := manifest.Object(o.Body)
	if body == nil {
		return nil
	}
	out := shallow(body)
	if comps {
		if labels, ok := asMap(body.Get("metadata", "labels")); ok {
			meta := shallow(body.Map("metadata"))
			kept := shallow(labels)
			for _, l := range ClusterctlLabels() {
				delete(kept, l)
			}
			meta["labels"] = kept
			if len(kept) == 0 {
				delete(meta, "labels")
			}
			out["metadata"] = meta
		}
	}
	if isCRD(o) {
		if spec, ok := asMap(body.Get("spec")); ok {
			spec = shallow(spec)
			delete(spec, "versions")
			delete(spec, "conversion")
			delete(spec, "validation")
			out["spec"] = spec
		}
	}
	return out
}

func shallow(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// withoutVariables returns s without the ${...} expressions (nested braces
// included) that drop says to take out, and how many it took out.
func withoutVariables(s string, drop func(expr string) bool) (string, int) {
	var b strings.Builder
	n := 0
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			return b.String() + s, n
		}
		b.WriteString(s[:i])
		depth, j := 0, i+1
		for ; j < len(s); j++ {
			if s[j] == '{' {
				depth++
			} else if s[j] == '}' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		end := min(j+1, len(s))
		if expr := s[i:end]; drop(expr) {
			n++
		} else {
			b.WriteString(expr)
		}
		s = s[end:]
	}
}
