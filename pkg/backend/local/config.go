package local

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
)

// Provider is one providers: entry of clusterctl.yaml.
type Provider struct {
	Name string `yaml:"name"`
	Type string `yaml:"type"`
	URL  string `yaml:"url"`
}

// entries are the providers: entries for a set published under root, with `latest`
// as the version segment, in the order the set names them.
func entries(root string, set *release.Set) []Provider {
	var out []Provider
	seen := map[string]bool{}
	for _, r := range set.Releases {
		if seen[r.Label()] {
			continue
		}
		seen[r.Label()] = true
		out = append(out, Provider{Name: r.Name, Type: r.Type, URL: layout.LocalURL(root, r.Label(), "latest", r.ComponentsFile)})
	}
	return out
}

// mergeConfig adds or updates the entries in a clusterctl.yaml, keeping every other
// entry, top-level key and comment. changed is false when old already has them all.
func mergeConfig(path string, old []byte, want []Provider) (out []byte, changed bool, err error) {
	doc, err := parseConfig(path, old)
	if err != nil {
		return nil, false, err
	}
	list, err := providersNode(path, doc.Content[0])
	if err != nil {
		return nil, false, err
	}
	for _, p := range want {
		if setEntry(list, p) {
			changed = true
		}
	}
	if !changed {
		return old, false, nil
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, false, fmt.Errorf("encoding %s: %w", path, err)
	}
	return b.Bytes(), true, enc.Close()
}

func parseConfig(path string, data []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := manifest.Screen(data); err != nil {
		return nil, fmt.Errorf("reading %s: %w; fix or remove the file", path, err)
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("parsing %s: %w; fix or remove the file", path, err)
	}
	if doc.Kind == 0 {
		doc = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("parsing %s: the top level is not a mapping; fix or remove the file", path)
	}
	return &doc, nil
}

// providersNode returns the providers: sequence of a top-level mapping, adding it.
func providersNode(path string, top *yaml.Node) (*yaml.Node, error) {
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value != "providers" {
			continue
		}
		v := top.Content[i+1]
		if v.Tag == "!!null" {
			*v = yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		}
		if v.Kind != yaml.SequenceNode {
			return nil, fmt.Errorf("parsing %s: providers (line %d) is not a list; fix or remove the file", path, v.Line)
		}
		return v, nil
	}
	seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	top.Content = append(top.Content, scalar("providers"), seq)
	return seq, nil
}

// setEntry makes list hold p (matched on name and type); it reports a change.
func setEntry(list *yaml.Node, p Provider) bool {
	for _, item := range list.Content {
		if item.Kind != yaml.MappingNode || value(item, "name") != p.Name || value(item, "type") != p.Type {
			continue
		}
		if value(item, "url") == p.URL {
			return false
		}
		for i := 0; i+1 < len(item.Content); i += 2 {
			if item.Content[i].Value == "url" {
				item.Content[i+1] = scalar(p.URL)
				return true
			}
		}
		item.Content = append(item.Content, scalar("url"), scalar(p.URL))
		return true
	}
	list.Content = append(list.Content, &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{
		scalar("name"), scalar(p.Name), scalar("type"), scalar(p.Type), scalar("url"), scalar(p.URL)}})
	return true
}

func value(m *yaml.Node, key string) string {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1].Value
		}
	}
	return ""
}

func scalar(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// readConfig returns the current clusterctl.yaml, or nil when there is none.
func readConfig(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, nil
}
