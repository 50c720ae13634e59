package contract

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// served is one API version of a CRD as Cluster API reads it: its schema
// (openAPIV3Schema; with manifest.Options.Slim only the contract paths are left) and
// subresources, from spec.versions[] or, for apiextensions v1beta1, spec.validation
// and spec.subresources.
type served struct {
	version      string
	schema       map[string]any // nil: the CRD has no schema for it
	subresources map[string]any
	node         *yaml.Node // the openAPIV3Schema node, for lines
}

func (c crd) servedVersion(v string) served {
	out := served{version: v, schema: c.doc.Obj.Map("spec", "validation", "openAPIV3Schema"),
		subresources: c.doc.Obj.Map("spec", "subresources"),
		node:         c.doc.NodeAt("spec", "validation", "openAPIV3Schema")}
	vs := c.doc.NodeAt("spec", "versions")
	for i, item := range c.doc.Obj.Slice("spec", "versions") {
		m, _ := item.(map[string]any)
		if name, _ := m["name"].(string); name != v {
			continue
		}
		if s, ok := manifest.Object(m).Get("schema", "openAPIV3Schema").(map[string]any); ok {
			out.schema, out.node = s, nodeAt(vs.Content[i], "schema", "openAPIV3Schema")
		}
		if sub := manifest.Object(m).Map("subresources"); sub != nil {
			out.subresources = sub
		}
	}
	return out
}

func nodeAt(n *yaml.Node, path ...string) *yaml.Node {
	for _, p := range path {
		if n = manifest.MapValue(n, p); n == nil {
			return nil
		}
	}
	return n
}

// state of a schema path.
type state int

const (
	missing state = iota
	present
	unknown // under x-kubernetes-preserve-unknown-fields: the schema cannot tell
)

// field walks the dot-separated property path from the schema root.
func (s served) field(path string) (map[string]any, state) {
	if s.schema == nil {
		return nil, unknown
	}
	cur := s.schema
	for _, p := range strings.Split(path, ".") {
		next, ok := properties(cur)[p].(map[string]any)
		if !ok {
			if preserves(cur) {
				return nil, unknown
			}
			return nil, missing
		}
		cur = next
	}
	return cur, present
}

func properties(n map[string]any) map[string]any {
	m, _ := n["properties"].(map[string]any)
	return m
}

func preserves(n map[string]any) bool {
	b, _ := n["x-kubernetes-preserve-unknown-fields"].(bool)
	return b
}

// typeOf is a schema node's type; x-kubernetes-int-or-string reads as such.
func typeOf(n map[string]any) string {
	if b, _ := n["x-kubernetes-int-or-string"].(bool); b {
		return "int-or-string"
	}
	t, _ := n["type"].(string)
	return t
}

// line is the line of the key of the deepest schema property found on path.
func (s served) line(c crd, path string) int {
	n := s.node
	if n == nil {
		return c.doc.LineOf("spec", "versions")
	}
	line := n.Line
	for _, p := range strings.Split(path, ".") {
		props := manifest.MapValue(n, "properties")
		k, v := keyValue(props, p)
		if v == nil {
			break
		}
		n, line = v, k.Line
	}
	return line
}

// keyValue is the key node and value of key in mapping n.
func keyValue(n *yaml.Node, key string) (*yaml.Node, *yaml.Node) {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i], n.Content[i+1]
		}
	}
	return nil, nil
}
