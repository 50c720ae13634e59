package manifest

import (
	"maps"
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Images returns the images named in YAML files: every string value of an `image:` key
// outside CustomResourceDefinitions, without unresolved ${VARIABLES}; sorted, unique.
// Files that are not valid YAML are skipped (lint reports them). Slim parsing drops
// only CRD schemas, which Images skips anyway, and falls back to a full parse
// wherever it is unsure, so the images and the errors are Split's.
func Images(files ...[]byte) []string {
	set := map[string]bool{}
	for _, data := range files {
		docs, err := SplitWith(data, Options{Slim: KeepPaths()})
		if err != nil {
			continue
		}
		for _, d := range docs {
			if d.Obj != nil && d.Obj.Kind() == "CustomResourceDefinition" {
				continue
			}
			collect(d.Node, set)
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// ImagesIn adds the images one parsed document names to set, by Images' rule (the
// caller skips CustomResourceDefinitions).
func ImagesIn(n *yaml.Node, set map[string]bool) { collect(n, set) }

func collect(n *yaml.Node, set map[string]bool) {
	if n == nil {
		return
	}
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Value == "image" && v.Kind == yaml.ScalarNode && v.Value != "" && !strings.Contains(v.Value, "${") {
				set[strings.TrimSpace(v.Value)] = true
			}
		}
	}
	for _, c := range n.Content {
		collect(c, set)
	}
}
