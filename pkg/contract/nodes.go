package contract

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// resolve follows YAML aliases so walks see the anchored content.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// child returns the value under key in a mapping node, or nil.
func child(n *yaml.Node, key string) *yaml.Node {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return resolve(n.Content[i+1])
		}
	}
	return nil
}

// at walks a path of mapping keys.
func at(n *yaml.Node, path ...string) *yaml.Node {
	for _, p := range path {
		if n = child(n, p); n == nil {
			return nil
		}
	}
	return n
}

// items returns the elements of a sequence node (nil for anything else).
func items(n *yaml.Node) []*yaml.Node {
	n = resolve(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	out := make([]*yaml.Node, 0, len(n.Content))
	for _, c := range n.Content {
		out = append(out, resolve(c))
	}
	return out
}

// text returns a scalar's value, or "" for missing and non-scalar nodes.
func text(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

// texts returns the scalar values of a sequence.
func texts(n *yaml.Node) []string {
	var out []string
	for _, c := range items(n) {
		out = append(out, text(c))
	}
	return out
}

// lineOr returns the node's line, or fallback when the node is missing.
func lineOr(n *yaml.Node, fallback int) int {
	if n == nil {
		return fallback
	}
	return n.Line
}

// hasVariable reports whether s contains a clusterctl variable reference.
func hasVariable(s string) bool { return strings.Contains(s, "${") }
