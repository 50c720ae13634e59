package manifest

import (
	"bytes"
	"fmt"
	"sort"
	"unicode/utf8"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// Outline is one document read for its facts (pkg/inventory): parsed like Split
// parses it, except that the schemas of a CustomResourceDefinition are not parsed but
// kept as text, and their keys hold null in Node and Obj. Schemas are most of a
// components file's bytes: two releases whose schema texts are equal need no parse.
type Outline struct {
	Doc
	Schemas []Schema // a CustomResourceDefinition's schemas, in document order
}

// Schema is one CRD schema: a spec.versions[] item's schema or spec.validation.
type Schema struct {
	Version string // the spec.versions[] item's name; "" for spec.validation
	Line    int    // 1-based line of its key
	Text    []byte // the block under the key as written; nil when the document was parsed whole
	Value   any    // the schema when the document was parsed whole (Parse reads Text otherwise)
}

// Parse returns the schema as decoded values (maps, lists, scalars), as Split gives them.
func (s Schema) Parse() (any, error) {
	if s.Text == nil {
		return s.Value, nil
	}
	var n yaml.Node
	if err := yaml.Unmarshal(s.Text, &n); err != nil {
		return nil, &Error{Doc: -1, Line: errLine(err) + s.Line, Msg: fmt.Sprintf("schema of version %q: %v", s.Version, cleanErr(err))}
	}
	if n.Kind != yaml.DocumentNode || len(n.Content) == 0 {
		return nil, nil
	}
	if v, ok := toValue(n.Content[0]); ok {
		return v, nil
	}
	dedupe(n.Content[0]) // a duplicate key: the later value, as clusterctl reads it
	var v any
	err := n.Content[0].Decode(&v)
	return v, err
}

// SplitOutline splits data as Split does, with the schemas of CustomResourceDefinitions
// cut out before parsing when the document's lines allow it (crdfast.CutOut), else parsed and
// encoded again; every other line keeps its number. Errors are Split's.
//
// Schemas cut out are not screened (Screen) until Schema.Parse reads them: equal text
// is equal whatever it holds.
func SplitOutline(data []byte) ([]Outline, error) {
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, Screen(data)
	}
	var out []Outline
	for i, c := range Texts(data) {
		os, err := outlineChunk(c, i)
		if err != nil {
			return nil, err
		}
		out = append(out, os...)
	}
	return out, nil
}

// OutlineText is SplitOutline of one text of Texts, which holds no document start:
// it is not looked through for one again.
func OutlineText(t Text) ([]Outline, error) {
	if bytes.IndexByte(t.Data, 0) >= 0 {
		return nil, Screen(t.Data)
	}
	return outlineChunk(Text{Data: t.Data}, 0)
}

func outlineChunk(c Text, index int) ([]Outline, error) {
	if rest, cuts, ok := crdfast.CutOut(c.Data); ok && len(cuts) > 0 && oneDocument(rest) { // "---" and "..." lines are never cut
		if o, ok := outlineCut(c, rest, cuts); ok {
			o.Index = index
			return []Outline{o}, nil
		}
	}
	if err := Screen(c.Data); err != nil {
		return nil, shiftError(err, c, index)
	}
	docs, err := splitOne(c, index, Options{})
	if err != nil {
		return nil, err
	}
	out := make([]Outline, 0, len(docs))
	for _, d := range docs {
		o := Outline{Doc: d}
		if isCRD(d.Node) {
			o.Schemas = takeSchemas(d)
		}
		out = append(out, o)
	}
	return out, nil
}

// outlineCut parses a CRD document whose schema blocks were cut: ok when the rest is
// one mapping whose schema keys are exactly the cut keys, each now null.
func outlineCut(c Text, rest []byte, cuts []crdfast.Cut) (Outline, bool) {
	if !utf8.Valid(rest) {
		return Outline{}, false // parsed whole, for Screen's message
	}
	n, ok := crdfast.PlainDocument(rest) // the parser's nodes, without the parser (blocknode.go)
	if !ok {
		n = &yaml.Node{}
		if err := yaml.Unmarshal(rest, n); err != nil || n.Kind != yaml.DocumentNode || len(n.Content) == 0 {
			return Outline{}, false
		}
	}
	keys := schemaKeyNodes(n.Content[0])
	if len(keys) != len(cuts) {
		return Outline{}, false
	}
	for i, k := range keys {
		if k.key.Line != cuts[i].RestLine+1 || k.value.Tag != "!!null" || k.value.Value != "" {
			return Outline{}, false
		}
	}
	restoreLines(n, cuts)
	shiftLines(n, c.Line)
	d, err := newDoc(0, n, Options{})
	if err != nil || d == nil || len(d.Dups) > 0 { // a duplicate key may be a cut schema's: parsed whole
		return Outline{}, false
	}
	o := Outline{Doc: *d}
	for i, k := range keys {
		o.Schemas = append(o.Schemas, Schema{Version: k.version, Line: k.key.Line, Text: c.Data[cuts[i].Start:cuts[i].End]})
	}
	return o, true
}

// schemaKey is a schema's key and value nodes in a CRD document.
type schemaKey struct {
	key, value *yaml.Node
	version    string
}

// schemaKeyNodes lists spec.validation and spec.versions[].schema, in line order.
func schemaKeyNodes(root *yaml.Node) []schemaKey {
	var out []schemaKey
	spec := MapValue(root, "spec")
	if k := mapKey(spec, "validation"); k != nil {
		out = append(out, schemaKey{key: k, value: MapValue(spec, "validation")})
	}
	if vs := MapValue(spec, "versions"); vs != nil && vs.Kind == yaml.SequenceNode {
		for _, v := range vs.Content {
			if k := mapKey(v, "schema"); k != nil {
				name := MapValue(v, "name")
				out = append(out, schemaKey{key: k, value: MapValue(v, "schema"), version: scalarValue(name)})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].key.Line < out[j].key.Line })
	return out
}

func scalarValue(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

func isCRD(root *yaml.Node) bool {
	k := MapValue(root, "kind")
	return k != nil && k.Value == "CustomResourceDefinition"
}

// takeSchemas takes the schemas of a CRD parsed whole and leaves null in their place.
func takeSchemas(d Doc) []Schema {
	var out []Schema
	for _, k := range schemaKeyNodes(d.Node) {
		v, ok := toValue(k.value)
		if !ok && k.value.Decode(&v) != nil {
			continue
		}
		out = append(out, Schema{Version: k.version, Line: k.key.Line, Value: v})
		*k.value = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: k.key.Line, Column: k.key.Column}
	}
	if len(out) > 0 {
		nullSchemas(d.Obj)
	}
	return out
}

// nullSchemas sets spec.validation and spec.versions[].schema of obj to nil. A
// mapping with a key yaml.v3 decodes as no string (null, a list) is a map[any]any.
func nullSchemas(obj Object) {
	spec := anyKey(map[string]any(obj), "spec")
	nullKey(spec, "validation")
	versions, _ := anyKey(spec, "versions").([]any)
	for _, v := range versions {
		nullKey(v, "schema")
	}
}

func anyKey(m any, key string) any {
	switch m := m.(type) {
	case map[string]any:
		return m[key]
	case map[any]any:
		return m[key]
	}
	return nil
}

func nullKey(m any, key string) {
	switch m := m.(type) {
	case map[string]any:
		if _, ok := m[key]; ok {
			m[key] = nil
		}
	case map[any]any:
		if _, ok := m[key]; ok {
			m[key] = nil
		}
	}
}

// restoreLines turns the lines of the text without its cut blocks back into the
// lines of the document: a node after a cut key moves down by the lines cut there.
func restoreLines(n *yaml.Node, cuts []crdfast.Cut) {
	add := 0
	for _, c := range cuts {
		if n.Line > c.RestLine+1 {
			add += c.Removed
		}
	}
	n.Line += add
	for _, ch := range n.Content {
		restoreLines(ch, cuts)
	}
}

// Text is one document's text in a file, cut as Split cuts files (at "---" lines).
type Text struct {
	Data []byte // a slice of the file
	Line int    // 0-based line of its first line in the file
}

// Texts cuts data into the texts of its documents without parsing or copying them, as
// Split cuts files; OutlineText of one text gives that document (with lines from the
// text's start). It looks only at the lines that start with "---" (found by searching
// for "---", rarer than line ends).
func Texts(data []byte) []Text {
	var out []Text
	start, startLine := 0, 0
	for at := 0; at < len(data); {
		k := bytes.Index(data[at:], []byte("---"))
		if k < 0 {
			break
		}
		i := at + k
		if i > 0 && data[i-1] != '\n' {
			at = i + 1
			continue
		}
		end := len(data)
		if k := bytes.IndexByte(data[i:], '\n'); k >= 0 {
			end = i + k + 1
		}
		if isDocStart(data[i:end]) {
			out = append(out, Text{Data: data[start:i], Line: startLine})
			startLine += bytes.Count(data[start:i], []byte("\n")) + 1
			start = end
		}
		at = end
	}
	return append(out, Text{Data: data[start:], Line: startLine})
}

// shiftError turns a chunk's Screen error into the file's: document index and line.
func shiftError(err error, c Text, index int) error {
	if e, ok := err.(*Error); ok {
		e.Doc = index
		if e.Line > 0 {
			e.Line += c.Line
		}
	}
	return err
}
