package check

import (
	"fmt"

	yaml "go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

const ruleKeyRenamed = "yaml-key-renamed"

func keyRenamedRule() lint.Rule {
	return lint.Rule{ID: ruleKeyRenamed, Severity: lint.Warning, Contract: "clusterctl reads every file with sigs.k8s.io/yaml (cluster-api util/yaml ToUnstructured), which resolves YAML 1.1 scalars and writes a non-string map key as its value's text: an unquoted key on, yes or y becomes \"true\", off, no or n \"false\", True \"true\", 0x10 \"16\", 1.0 \"1\" (sigs.k8s.io/yaml v1.6.0 convertToJSONableObject, as in clusterctl v1.14.2), so the object clusterctl creates has another key: a ConfigMap or label key, or a CRD schema property whose field the API server then prunes. A warning: clusterctl and the API server accept the renamed object."}
}

// renamedKeys reports each plain key clusterctl writes under another name: in docs,
// and in a components file's CRD schemas (cut from docs), read whole from the
// documents with a schema line that may hold such a key (block style, as
// controller-gen writes them).
func renamedKeys(name string, data []byte, kind layout.Kind, docs []manifest.Doc) lint.Findings {
	w := keyWalk{file: name, seen: map[string]string{}}
	w.walkDocs(docs, 0)
	if kind != layout.KindComponents || !hasLineKeyCandidate(data) {
		return w.fs
	}
	for _, t := range manifest.Texts(data) {
		if !hasLineKeyCandidate(t.Data) {
			continue
		}
		full, err := manifest.Split(t.Data)
		if err != nil || len(full) != 1 || full[0].Obj.Kind() != "CustomResourceDefinition" {
			continue
		}
		w.offset, w.obj = t.Line, ref(full[0])
		for _, n := range schemaNodes(full[0].Node) {
			w.walk(n)
		}
	}
	return w.fs
}

// schemaNodes are a CRD's spec.validation and spec.versions[].schema.
func schemaNodes(crd *yaml.Node) []*yaml.Node {
	spec := manifest.MapValue(crd, "spec")
	out := []*yaml.Node{manifest.MapValue(spec, "validation")}
	if vs := manifest.MapValue(spec, "versions"); vs != nil {
		for _, v := range vs.Content {
			out = append(out, manifest.MapValue(v, "schema"))
		}
	}
	return out
}

func (w *keyWalk) walkDocs(docs []manifest.Doc, offset int) {
	w.offset = offset
	for _, d := range docs {
		w.obj = ref(d)
		w.walk(d.Node)
	}
}

type keyWalk struct {
	file, obj string
	offset    int               // the walked text's first line in the file, 0-based
	seen      map[string]string // key text -> clusterctl's key ("" when the same)
	fs        lint.Findings
}

func (w *keyWalk) walk(n *yaml.Node) {
	if n == nil {
		return
	}
	for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Style == 0 {
			if to := w.renamed(k.Value); to != "" {
				w.fs = append(w.fs, lint.Finding{Rule: ruleKeyRenamed, Severity: lint.Warning, File: w.file, Line: k.Line + w.offset, Object: w.obj,
					Message: fmt.Sprintf("clusterctl reads the unquoted key %s as YAML 1.1 and writes it as %q (sigs.k8s.io/yaml), so the object it creates has key %q, not %q%s; quote it: %q", k.Value, to, to, k.Value, w.collision(n, i, to), k.Value)})
			}
		}
	}
	for _, c := range n.Content {
		w.walk(c)
	}
}

// renamed is the key sigs.k8s.io/yaml writes for a plain key text, "" when it is
// the same (or the text is not a key it reads alone).
func (w *keyWalk) renamed(text string) string {
	if to, ok := w.seen[text]; ok {
		return to
	}
	to := ""
	var m map[string]any
	if candidateKey([]byte(text)) && sigsyaml.Unmarshal([]byte(text+": 0\n"), &m) == nil && len(m) == 1 {
		for k := range m {
			if k != text {
				to = k
			}
		}
	}
	w.seen[text] = to
	return to
}

// collision names another key of the mapping that clusterctl also writes as to.
func (w *keyWalk) collision(n *yaml.Node, at int, to string) string {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if i == at || k.Kind != yaml.ScalarNode {
			continue
		}
		if k.Value == to && (k.Style != 0 || w.renamed(k.Value) == "") || k.Style == 0 && w.renamed(k.Value) == to {
			return fmt.Sprintf(", the name of the key at line %d too: clusterctl keeps only the later value", k.Line+w.offset)
		}
	}
	return ""
}
