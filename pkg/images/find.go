package images

import (
	"sort"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
)

// Find returns the images named in YAML files: every string value of an `image:` key
// outside CustomResourceDefinitions, without unresolved ${VARIABLES}; sorted, unique.
// Files that are not valid YAML are skipped (lint reports them).
func Find(files ...[]byte) []string {
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
	return sortedKeys(set)
}

// InNode adds the images one parsed document names to set, by Find's rule (the caller
// skips CustomResourceDefinitions).
func InNode(n *yaml.Node, set map[string]bool) { collect(n, set) }

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

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// InRelease returns the images one release's files name (Find over every file but
// metadata.yaml, which clusterctl never applies): what mirror records per release.
// InSet, unlike it, also reads metadata.yaml.
func InRelease(r *release.Release) []string {
	var files [][]byte
	for _, f := range r.Files {
		if f.Name != "metadata.yaml" {
			files = append(files, f.Data)
		}
	}
	return Find(files...)
}

// InSet returns the images the release files of a set name (Find over every file).
func InSet(set *release.Set) []string {
	var files [][]byte
	for _, r := range set.Releases {
		for _, f := range r.Files {
			files = append(files, f.Data)
		}
	}
	return Find(files...)
}
