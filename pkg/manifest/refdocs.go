package manifest

import yaml "go.yaml.in/yaml/v3"

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
