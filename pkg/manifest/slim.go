package manifest

import yaml "go.yaml.in/yaml/v3"

// slim drops the schemas of a CustomResourceDefinition's node but their contract
// paths (see Options.Slim and crdschema.go).
func slim(root *yaml.Node) {
	if k := MapValue(root, "kind"); k == nil || k.Value != "CustomResourceDefinition" {
		return
	}
	spec := MapValue(root, "spec")
	pruneSchemaHolder(spec, "validation")
	if vs := MapValue(spec, "versions"); vs != nil && vs.Kind == yaml.SequenceNode {
		for _, v := range vs.Content {
			pruneSchemaHolder(v, "schema")
		}
	}
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
