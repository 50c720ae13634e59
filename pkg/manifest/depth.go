package manifest

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	yaml "go.yaml.in/yaml/v3"
)

// MaxDepth caps the nesting of one YAML document (the deepest cluster-api objects,
// CRD schemas, nest about 30 levels). kustomize writes nested flow maps one level a
// line, indented by their depth: 45 KB of `{a: {a: ...}}` render to 81 MB, in minutes.
const MaxDepth = 256

// CheckDepth refuses a document nested deeper than MaxDepth, naming its line. A
// bounded scan finds the files that may be (open brackets or indentation past the
// cap); only those are parsed.
func CheckDepth(data []byte) error {
	if !mayNest(data, MaxDepth) {
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return nil // a parse error is the parser's to report, with its line
		}
		if line, deep := deeper(&n, 0, MaxDepth); deep {
			return &Error{Doc: -1, Line: line, Msg: fmt.Sprintf("nests deeper than the cap of %d levels of nesting: no Kubernetes object nests that deep (kustomize would write it one level a line, indented by its depth)", MaxDepth)}
		}
	}
}

// mayNest over-estimates the nesting of data: brackets opened and not closed, or a
// line indented by more than max spaces.
func mayNest(data []byte, max int) bool {
	open, indent, start := 0, 0, true
	for _, c := range data {
		switch {
		case c == '\n':
			indent, start = 0, true
			continue
		case c == ' ' && start:
			if indent++; indent > max {
				return true
			}
			continue
		case c == '{' || c == '[':
			if open++; open > max {
				return true
			}
		case (c == '}' || c == ']') && open > 0:
			open--
		}
		start = false
	}
	return false
}

// deeper reports the line of a node more than max levels below n (at depth d).
func deeper(n *yaml.Node, d, max int) (int, bool) {
	if d > max {
		return n.Line, true
	}
	for _, c := range n.Content {
		if line, deep := deeper(c, d+1, max); deep {
			return line, true
		}
	}
	return 0, false
}
