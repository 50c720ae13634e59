package manifest

import (
	"bytes"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// skimCRD parses a one-document chunk holding a CustomResourceDefinition the way
// Options.Rendered does (schema lines off the contract paths made empty, so they are
// never parsed), when crdfast.ValidBlock vouches that each schema block it cut is YAML
// yaml.v3 parses; and the parse of the rest says every block it cut is a
// spec.versions[].schema or spec.validation. ok is false whenever a step is not
// sure: the caller then parses the whole chunk, whose errors are the reference.
// Schemas are most of a components file's bytes, and its cost.
func skimCRD(data []byte, o Options) (docs []Doc, ok bool) {
	text, blocks := crdfast.CutSchemas(data, o.Slim.tree)
	if len(blocks) == 0 || !oneDocument(data) {
		return nil, false
	}
	for _, b := range blocks {
		if b.Next != nil && bytes.HasPrefix(bytes.TrimLeft(b.Next, " "), []byte("#")) || !crdfast.ValidBlock(b.Lines, b.KeyInd) {
			return nil, false // a comment ending a block may belong to it
		}
	}
	var n yaml.Node
	if err := yaml.Unmarshal(text, &n); err != nil || n.Kind != yaml.DocumentNode || len(n.Content) == 0 {
		return nil, false
	}
	if !schemaKeysAt(n.Content[0], blocks) {
		return nil, false
	}
	d, err := newDoc(0, &n, o)
	if err != nil || d == nil {
		return nil, false
	}
	return []Doc{*d}, true
}

// schemaKeysAt reports whether the keys of root's spec.validation and
// spec.versions[].schema are exactly on the key lines of blocks.
func schemaKeysAt(root *yaml.Node, blocks []crdfast.SchemaBlock) bool {
	var lines []int
	spec := MapValue(root, "spec")
	if k := mapKey(spec, "validation"); k != nil {
		lines = append(lines, k.Line)
	}
	if vs := MapValue(spec, "versions"); vs != nil && vs.Kind == yaml.SequenceNode {
		for _, v := range vs.Content {
			if k := mapKey(v, "schema"); k != nil {
				lines = append(lines, k.Line)
			}
		}
	}
	if len(lines) != len(blocks) {
		return false
	}
	for _, b := range blocks {
		found := false
		for _, l := range lines {
			found = found || l == b.KeyLine+1
		}
		if !found {
			return false
		}
	}
	return true
}

// mapKey is the key node of key in mapping n (nil if n is not a mapping or lacks it).
func mapKey(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i]
		}
	}
	return nil
}
