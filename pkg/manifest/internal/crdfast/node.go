package crdfast

import yaml "go.yaml.in/yaml/v3"

// MapValue is the value of key in mapping n, or nil.
func MapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// dropKey removes key and its value from mapping n.
func dropKey(n *yaml.Node, key string) {
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			// A fresh array: the old one would keep the dropped subtree reachable.
			c := make([]*yaml.Node, 0, len(n.Content)-2)
			n.Content = append(append(c, n.Content[:i]...), n.Content[i+2:]...)
			return
		}
	}
}
