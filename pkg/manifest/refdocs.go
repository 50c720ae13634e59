package manifest

import (
	"math"

	yaml "go.yaml.in/yaml/v3"
)

// FromReference turns clusterctl's reading of a file into Docs, for a file that
// clusterctl reads and Split does not: every node's line is its document's first line.
func FromReference(ref []RefDoc) []Doc {
	out := make([]Doc, 0, len(ref))
	for i, r := range ref {
		var n yaml.Node
		if err := n.Encode(r.Obj); err != nil {
			continue // a JSON-shaped map always encodes
		}
		setLines(&n, r.Line)
		obj, ok := toObject(&n)
		if !ok {
			_ = n.Decode(&obj)
		}
		out = append(out, Doc{Index: i, Line: r.Line, Node: &n, Obj: obj})
	}
	return out
}

func setLines(n *yaml.Node, line int) {
	n.Line = line
	for _, c := range n.Content {
		setLines(c, line)
	}
}

// badKeyLine is the 0-based line, in one document's text, of the first mapping key
// JSON has no string for (a null, sequence or mapping key), 0 if none is found.
func badKeyLine(data []byte) int {
	var n yaml.Node
	if yaml.Unmarshal(data, &n) != nil {
		return 0
	}
	if k := firstBadKey(&n); k != nil {
		return k.Line - 1
	}
	return 0
}

func firstBadKey(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.MappingNode {
		for i := 0; i < len(n.Content); i += 2 {
			if k := n.Content[i]; k.Kind != yaml.ScalarNode || k.ShortTag() == "!!null" {
				return k
			}
		}
	}
	for _, c := range n.Content {
		if k := firstBadKey(c); k != nil {
			return k
		}
	}
	return nil
}

// Integers turns the float64 numbers of a JSON-decoded value that are whole into
// ints, as Split decodes them, in place.
func Integers(m map[string]any) map[string]any {
	for k, v := range m {
		m[k] = integers(v)
	}
	return m
}

func integers(v any) any {
	switch t := v.(type) {
	case float64:
		if t == math.Trunc(t) && math.Abs(t) < 1<<53 {
			return int(t)
		}
	case map[string]any:
		return Integers(t)
	case []any:
		for i := range t {
			t[i] = integers(t[i])
		}
	}
	return v
}
