package mirror

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// writeConfig sets the cert-manager and images keys of DIR/clusterctl.yaml, keeping
// the providers: list the local publisher wrote and every other key and comment.
func (r *runner) writeConfig(cert *Record) error {
	if cert == nil && r.opts.ImageRegistry == "" {
		return nil
	}
	path := filepath.Join(r.dir, ConfigFile)
	doc, err := readConfigNode(path)
	if err != nil {
		return err
	}
	top := doc.Content[0]
	if cert != nil {
		setKey(top, "cert-manager", mapping("url", r.certURL(cert), "version", cert.Version))
	}
	if r.opts.ImageRegistry != "" {
		setKey(top, "images", mapping("all", mapping("repository", r.opts.ImageRegistry)))
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("encoding %s: %w", path, err)
	}
	return writeAtomic(path, b.Bytes())
}

// readConfigNode parses clusterctl.yaml, or returns an empty mapping document.
func readConfigNode(path string) (*yaml.Node, error) {
	empty := &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return empty, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if err := manifest.Screen(data); err != nil {
		return nil, fmt.Errorf("reading %s: %w; fix or remove the file", path, err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("parsing %s: %w; fix or remove the file", path, err)
	}
	if doc.Kind == 0 {
		return empty, nil
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("parsing %s: the top level is not a mapping; fix or remove the file", path)
	}
	return &doc, nil
}

// setKey replaces the value of key in a mapping, or appends the key.
func setKey(m *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			m.Content[i+1] = v
			return
		}
	}
	m.Content = append(m.Content, str(key), v)
}

// mapping builds a mapping from key, value pairs; a value is a string or a *yaml.Node.
func mapping(kv ...any) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for i := 0; i+1 < len(kv); i += 2 {
		v, ok := kv[i+1].(*yaml.Node)
		if !ok {
			v = str(kv[i+1].(string))
		}
		m.Content = append(m.Content, str(kv[i].(string)), v)
	}
	return m
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }
