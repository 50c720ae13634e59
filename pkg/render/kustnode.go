package render

import (
	yaml "go.yaml.in/yaml/v3"
)

// Helpers over a kustomization's top-level mapping node, for fixDeprecated.

// value is the value node of key in mapping m (nil when absent).
func value(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// take removes key from mapping m and returns its value (nil when absent).
func take(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			v := m.Content[i+1]
			m.Content = append(m.Content[:i], m.Content[i+2:]...)
			return v
		}
	}
	return nil
}

// moveItems moves the items of sequence from to sequence to (appended, or put
// first), removing from. It reports whether from was there.
func moveItems(m *yaml.Node, from, to string, first bool) bool {
	val := value(m, from)
	if val == nil || val.Kind != yaml.SequenceNode {
		return false // an alias or a wrong type: kustomize reads it as it is
	}
	take(m, from)
	put(m, to, val.Content, first)
	return true
}

// put adds items to the sequence of key, creating it when there are items to add. The
// sequence node is replaced by a new one: the old node is left as it was.
func put(m *yaml.Node, key string, items []*yaml.Node, first bool) {
	at := -1
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key && m.Content[i+1].Kind == yaml.SequenceNode {
			at = i + 1
		}
	}
	if at < 0 {
		if len(items) == 0 {
			return
		}
		m.Content = append(m.Content, scalar(key), &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"})
		at = len(m.Content) - 1
	}
	seq := *m.Content[at]
	if first {
		seq.Content = append(append([]*yaml.Node(nil), items...), seq.Content...)
	} else {
		seq.Content = append(append([]*yaml.Node(nil), seq.Content...), items...)
	}
	m.Content[at] = &seq
}

func scalar(s string) *yaml.Node { return scalarTag(s, "!!str") }

func scalarTag(s, tag string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s}
}

// mapping builds a mapping node from its key and value nodes, in order.
func mapping(kv ...*yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: kv}
}

// isInlinePatch reports whether a patchesStrategicMerge entry is patch content
// rather than a file path: kustomize tries it as YAML objects first.
func isInlinePatch(s string) bool {
	var obj map[string]any
	return yaml.Unmarshal([]byte(s), &obj) == nil && len(obj) > 0
}
