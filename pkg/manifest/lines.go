package manifest

import (
	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// LineOf returns the line of the value at path inside the document (keys for maps,
// decimal indexes are not supported: use LineOfIndex), falling back to the deepest
// node found so a finding always points near its cause.
func (d Doc) LineOf(path ...string) int {
	n := d.Node
	line := d.Line
	for _, p := range path {
		next := MapValue(n, p)
		if next == nil {
			return line
		}
		n, line = next, next.Line
	}
	return line
}

// NodeAt returns the node at path, or nil.
func (d Doc) NodeAt(path ...string) *yaml.Node {
	n := d.Node
	for _, p := range path {
		if n = MapValue(n, p); n == nil {
			return nil
		}
	}
	return n
}

// shiftLines adds off to the line of n and every node below it.
func shiftLines(n *yaml.Node, off int) {
	if n == nil || off == 0 {
		return
	}
	n.Line += off
	for _, c := range n.Content {
		shiftLines(c, off)
	}
}

// MapValue is the value of key in mapping n, or nil.
func MapValue(n *yaml.Node, key string) *yaml.Node { return crdfast.MapValue(n, key) }
