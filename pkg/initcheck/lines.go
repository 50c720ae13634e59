package initcheck

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// configLines finds the lines of the proposed capirepo.yaml.
type configLines struct {
	root *yaml.Node
	text []string
}

func newConfigLines(data []byte) *configLines {
	var doc yaml.Node
	l := &configLines{text: strings.Split(string(data), "\n")}
	if yaml.Unmarshal(data, &doc) == nil && len(doc.Content) > 0 {
		l.root = doc.Content[0]
	}
	return l
}

// at is the line of the node at path (mapping keys as strings, sequence indexes as
// ints): the key's line for a mapping value, the item's line for an index; 0 when a
// step is missing.
func (l *configLines) at(path ...any) int {
	n, line := l.root, 0
	for _, step := range path {
		if n == nil {
			return 0
		}
		switch s := step.(type) {
		case string:
			k, v := keyValue(n, s)
			if k == nil {
				return 0
			}
			n, line = v, k.Line
		case int:
			if n.Kind != yaml.SequenceNode || s >= len(n.Content) {
				return 0
			}
			n, line = n.Content[s], n.Content[s].Line
		}
	}
	return line
}

func keyValue(n *yaml.Node, key string) (k, v *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i], n.Content[i+1]
		}
	}
	return nil, nil
}

// about is the span of lines [first, last] the question written on line q is about:
// the line below its block of "# QUESTION:" lines and, when a key is on that line, the
// key's whole value (a question above templates: is about each entry).
func (l *configLines) about(q int) (first, last int) {
	first = q
	for strings.HasPrefix(l.line(first), "# QUESTION:") {
		first++
	}
	last = first
	if v := valueOfKeyOn(l.root, first); v != nil {
		last = max(last, lastLine(v))
	}
	return first, last
}

// valueOfKeyOn is the value of the first mapping key on line, in document order (nil:
// none).
func valueOfKeyOn(n *yaml.Node, line int) *yaml.Node {
	if n == nil {
		return nil
	}
	for i, c := range n.Content {
		if n.Kind == yaml.MappingNode && i%2 == 0 && c.Line == line && i+1 < len(n.Content) {
			return n.Content[i+1]
		}
		if v := valueOfKeyOn(c, line); v != nil {
			return v
		}
	}
	return nil
}

// lastLine is the last line a node and its content start on.
func lastLine(n *yaml.Node) int {
	last := n.Line
	for _, c := range n.Content {
		last = max(last, lastLine(c))
	}
	return last
}

// commented is the first comment line that mentions s (a commented entry init could
// not decide on), or 0.
func (l *configLines) commented(s string) int {
	for i, line := range l.text {
		if _, comment, ok := strings.Cut(line, "#"); ok && strings.Contains(comment+"\n", s) {
			return i + 1
		}
	}
	return 0
}

// line returns the text of a 1-based line, trimmed.
func (l *configLines) line(n int) string {
	if n < 1 || n > len(l.text) {
		return ""
	}
	return strings.TrimSpace(l.text[n-1])
}
