package check

import (
	"fmt"
	"sort"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// notStrings reports label, annotation and ConfigMap/Secret data values that
// clusterctl's reader makes other than strings (ref), at the lines of docs (the same
// documents, when Split and clusterctl agree on their number).
func notStrings(name string, docs []manifest.Doc, ref []manifest.RefDoc) lint.Findings {
	var fs lint.Findings
	for i, r := range ref {
		var n *yaml.Node
		line := r.Line
		if len(docs) == len(ref) {
			n, line = docs[i].Node, docs[i].Line
		}
		w := &stringWalk{file: name, kind: str(r.Obj["kind"]), obj: objRef(r.Obj)}
		w.walk(r.Obj, n, line, nil)
		fs = append(fs, w.fs...)
	}
	return fs
}

type stringWalk struct {
	file, kind, obj string
	fs              lint.Findings
}

func (w *stringWalk) walk(v any, n *yaml.Node, line int, path []string) {
	switch t := v.(type) {
	case map[string]any:
		if w.kind == "CustomResourceDefinition" && len(path) == 1 && path[0] == "spec" {
			return // schemas hold no labels
		}
		if w.mustBeStrings(path) {
			w.check(t, n, line, path)
			return
		}
		for _, k := range sortedKeys(t) {
			c, l := child(n, k, line)
			w.walk(t[k], c, l, append(path, k))
		}
	case []any:
		for i, x := range t {
			c := n
			if n != nil && n.Kind == yaml.SequenceNode && i < len(n.Content) {
				c = n.Content[i]
			}
			w.walk(x, c, lineOf(c, line), append(path, "[]"))
		}
	}
}

// mustBeStrings: metadata.labels and .annotations at any depth (pod and machine
// templates too), and the data of a ConfigMap or Secret.
func (w *stringWalk) mustBeStrings(path []string) bool {
	if l := len(path); l >= 2 && path[l-2] == "metadata" && (path[l-1] == "labels" || path[l-1] == "annotations") {
		return true
	}
	if len(path) != 1 {
		return false
	}
	return w.kind == "ConfigMap" && path[0] == "data" || w.kind == "Secret" && (path[0] == "data" || path[0] == "stringData")
}

func (w *stringWalk) check(m map[string]any, n *yaml.Node, line int, path []string) {
	for _, k := range sortedKeys(m) {
		v := m[k]
		if _, ok := v.(string); ok || v == nil {
			continue
		}
		c, l := child(n, k, line)
		text := fmt.Sprint(v)
		if c != nil && c.Kind == yaml.ScalarNode {
			text = c.Value
		}
		w.fs = append(w.fs, lint.Finding{Rule: ruleNotString, Severity: lint.Error, File: w.file, Line: l, Object: w.obj,
			Message: fmt.Sprintf("%s %q: clusterctl reads the unquoted %s as the %s %v (YAML 1.1, sigs.k8s.io/yaml), and the API server refuses a value that is not a string there; quote it: %q",
				pathText(path), k, text, typeName(v), v, text)})
	}
}

func typeName(v any) string {
	switch v.(type) {
	case bool:
		return "boolean"
	case float64, int64, int:
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

func child(n *yaml.Node, key string, line int) (*yaml.Node, int) {
	c := manifest.MapValue(n, key)
	return c, lineOf(c, line)
}

func lineOf(n *yaml.Node, line int) int {
	if n == nil {
		return line
	}
	return n.Line
}

func pathText(path []string) string {
	s := ""
	for i, p := range path {
		if i > 0 && p != "[]" {
			s += "."
		}
		s += p
	}
	return s
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func objRef(m map[string]any) string {
	k := str(m["kind"])
	if k == "" {
		return ""
	}
	md, _ := m["metadata"].(map[string]any)
	if ns := str(md["namespace"]); ns != "" {
		return k + " " + ns + "/" + str(md["name"])
	}
	return k + " " + str(md["name"])
}
