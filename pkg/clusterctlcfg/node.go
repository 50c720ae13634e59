package clusterctlcfg

import yaml "go.yaml.in/yaml/v3"

// node is a possibly nil YAML node.
type node struct{ n *yaml.Node }

func (n node) value() string {
	if n.n == nil || n.n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.n.Value
}

// lookup returns the value of key in a mapping (nil-safe).
func lookup(m any, key string) node {
	var mn *yaml.Node
	switch v := m.(type) {
	case *yaml.Node:
		mn = v
	case node:
		mn = v.n
	}
	if mn == nil || mn.Kind != yaml.MappingNode {
		return node{}
	}
	for i := 0; i+1 < len(mn.Content); i += 2 {
		if mn.Content[i].Value == key {
			return node{mn.Content[i+1]}
		}
	}
	return node{}
}

// child returns the mapping under key, replacing a missing, null or scalar value
// with an empty mapping.
func child(m *yaml.Node, key string) *yaml.Node {
	if v := lookup(m, key).n; v != nil {
		if v.Kind != yaml.MappingNode {
			*v = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		}
		return v
	}
	v := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	m.Content = append(m.Content, scalar(key), v)
	return v
}

// setScalar sets key to a string value, in place when present.
func setScalar(m *yaml.Node, key, value string) {
	if v := lookup(m, key).n; v != nil {
		v.Kind, v.Tag, v.Value, v.Style, v.Content = yaml.ScalarNode, "!!str", value, 0, nil
		return
	}
	m.Content = append(m.Content, scalar(key), scalar(value))
}

func scalar(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }
