package mirror

import (
	"sort"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// Images returns the container images named in YAML files: every string value of an
// `image:` key (containers, initContainers, and anything else, e.g. in templates),
// outside CustomResourceDefinitions (whose schemas only describe images). Values with
// unresolved ${VARIABLES} are left out. The result is sorted and deduplicated; files
// that are not valid YAML are skipped (lint reports them).
func Images(files ...[]byte) []string {
	set := map[string]bool{}
	for _, data := range files {
		docs, err := manifest.Split(data)
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
	return sorted(set)
}

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

func sorted(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
