package clusterctlcfg

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// Config is a clusterctl.yaml held as a YAML tree, so edits keep every entry, key
// and comment they do not touch.
type Config struct {
	path string
	orig []byte
	doc  *yaml.Node
}

// MaxSize caps the configuration files Load reads.
const MaxSize = 4 << 20

// Load reads path (at most MaxSize bytes); a missing file is an empty configuration.
func Load(path string) (*Config, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return parse(path, nil)
	}
	if err == nil && fi.Size() > MaxSize {
		return nil, fmt.Errorf("reading %s: %d bytes, over the %d MiB cap of a clusterctl.yaml; fix or remove the file", path, fi.Size(), MaxSize>>20)
	}
	data, err := fsx.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return parse(path, data)
}

// parse reads a configuration's bytes; path names it in errors.
func parse(path string, data []byte) (*Config, error) {
	if err := manifest.Screen(data); err != nil {
		return nil, fmt.Errorf("reading %s: %w; fix or remove the file", path, err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("parsing %s: %w; fix or remove the file", path, err)
	}
	if doc.Kind == 0 {
		doc = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("parsing %s: the top level is not a mapping; fix or remove the file", path)
	}
	return &Config{path: path, orig: data, doc: &doc}, nil
}

// Path is where the configuration was read from.
func (c *Config) Path() string { return c.path }

// Bytes encodes the configuration (2-space indent, comments kept).
func (c *Config) Bytes() ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(c.doc); err != nil {
		return nil, fmt.Errorf("encoding %s: %w", c.path, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("encoding %s: %w", c.path, err)
	}
	return b.Bytes(), nil
}

// Changed reports whether the edits changed the file's content; it is false when
// every edit set what was already there.
func (c *Config) Changed() (bool, error) {
	now, err := c.Bytes()
	if err != nil {
		return false, err
	}
	if c.orig == nil {
		return true, nil
	}
	old, err := parse(c.path, c.orig)
	if err != nil {
		return false, err
	}
	was, err := old.Bytes()
	return !bytes.Equal(now, was), err
}

// SetCertManager sets cert-manager.url and cert-manager.version, keeping the
// other cert-manager keys (timeout, externallyProvisioned).
func (c *Config) SetCertManager(url, version string) {
	m := child(c.top(), "cert-manager")
	setScalar(m, "url", url)
	setScalar(m, "version", version)
}

// SetImagesRepository sets images.all.repository, keeping other image overrides.
func (c *Config) SetImagesRepository(repository string) {
	setScalar(child(child(c.top(), "images"), "all"), "repository", repository)
}

// CertManager returns cert-manager.url and cert-manager.version ("" when unset).
func (c *Config) CertManager() (url, version string) {
	m := lookup(c.top(), "cert-manager")
	return lookup(m, "url").value(), lookup(m, "version").value()
}

func (c *Config) top() *yaml.Node { return c.doc.Content[0] }

// ImageOverride is one entry of the images: key: repository replaces everything
// before the image name, tag the tag.
type ImageOverride struct {
	Repository string `yaml:"repository,omitempty"`
	Tag        string `yaml:"tag,omitempty"`
}

// Images returns the images: key (entry name, such as "all" or a provider label → its
// override); none when unset.
func (c *Config) Images() (map[string]ImageOverride, error) {
	n := lookup(c.top(), "images").n
	if n == nil {
		return nil, nil
	}
	var out map[string]ImageOverride
	if err := n.Decode(&out); err != nil {
		return nil, fmt.Errorf("reading images: of %s: %w", c.path, err)
	}
	return out, nil
}
