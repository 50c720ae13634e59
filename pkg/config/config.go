// Package config loads capirepo.yaml: strict decoding (unknown keys are errors with
// file:line), defaults, validation, and relative paths resolved against the file's
// folder. Plain structs; the pipeline reads them, nothing writes them back.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
	yaml "go.yaml.in/yaml/v3"
)

// Config is the whole capirepo.yaml.
type Config struct {
	// Version is the format version (1, the only one; absent means 1).
	Version         int              `yaml:"version" jsonschema:"enum=1"`
	Providers       []Provider       `yaml:"providers" jsonschema:"required"`
	RemoteResources []RemoteResource `yaml:"remoteResources"` // pinned remote files kustomizations name
	Lint            Lint             `yaml:"lint"`

	File string `yaml:"-"` // absolute path the config was read from
	Dir  string `yaml:"-"` // its folder: relative paths resolve against it
}

// Provider is one clusterctl provider built from this tree.
type Provider struct {
	layout.Provider `yaml:",inline"`  // name, type; Label() and Validate() come from it
	ComponentsFile  string            `yaml:"componentsFile"`
	Components      Components        `yaml:"components"`
	Metadata        string            `yaml:"metadata"`
	ReleaseSeries   []SeriesConfig    `yaml:"releaseSeries"`
	ExtraComponents []ExtraComponents `yaml:"extraComponents"` // more components files, e.g. a development variant
	Templates       []Template        `yaml:"templates"`
	Files           []string          `yaml:"files"`          // extra files shipped as they are (e.g. runtime-sdk-openapi.yaml)
	LoadRestrictor  string            `yaml:"loadRestrictor"` // default for every kustomize entry: "none" or "rootOnly"
	Published       string            `yaml:"published"`      // the provider URL users install from: build's upgrade checks read its earlier releases

	Line  int            `yaml:"-"` // line of the entry in the config file
	lines map[string]int // line of each field of the entry (FieldLine)
}

// Components says how the components YAML is produced.
type Components struct {
	Kustomize        string  `yaml:"kustomize"`        // folder rendered with the kustomize library
	File             string  `yaml:"file"`             // or a prebuilt YAML file
	AllowNoNamespace bool    `yaml:"allowNoNamespace"` // accept zero Namespace objects
	Images           []Image `yaml:"images"`
	ImagePullPolicy  string  `yaml:"imagePullPolicy"`
	LoadRestrictor   string  `yaml:"loadRestrictor"` // "none" or "rootOnly" (default: the provider's)
}

// ExtraComponents is another components file of the same provider and version, built
// like components (same transforms and checks) and shipped as Name.
type ExtraComponents struct {
	Name       string `yaml:"name"`
	Components `yaml:",inline"`
}

// Image is a kustomize `images:` entry plus tagFromVersion.
type Image struct {
	Name           string     `yaml:"name"`
	NewName        string     `yaml:"newName"`
	NewTag         string     `yaml:"newTag"`
	Digest         string     `yaml:"digest"`
	TagFromVersion VersionTag `yaml:"tagFromVersion"` // set the tag from the release version
}

// SeriesConfig is an inline metadata.yaml release series.
type SeriesConfig struct {
	Major    int32  `yaml:"major"`
	Minor    int32  `yaml:"minor"`
	Contract string `yaml:"contract"`
}

// Template is one template source: a file or folder (path), a kustomize folder per
// flavor (flavor + kustomize), a file shipped under a flavor's name (flavor + path), or
// a ClusterClass (clusterClass: file or kustomize folder).
type Template struct {
	Path           string  `yaml:"path"`
	Flavor         *string `yaml:"flavor"`
	Kustomize      string  `yaml:"kustomize"`
	ClusterClass   string  `yaml:"clusterClass"`
	LoadRestrictor string  `yaml:"loadRestrictor"` // "none" or "rootOnly" (default: the provider's)
}

// RemoteResource pins one remote file a kustomization names by URL.
type RemoteResource struct {
	URL    string `yaml:"url"`
	SHA256 string `yaml:"sha256"`
	File   string `yaml:"file"` // a vendored copy, read instead of downloading
	Line   int    `yaml:"-"`    // line of the entry in the config file
}

// Lint configures rules.
type Lint struct {
	Disable []string `yaml:"disable"`
}

// Load reads, decodes strictly, defaults and validates a config file.
func Load(path string) (*Config, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	data, err := fsx.ReadFile(abs)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: config file not found: create it (see docs/config.md) or pass --config", path)
		}
		return nil, fmt.Errorf("reading config %s: %w", path, err)
	}
	c, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	c.File, c.Dir = abs, filepath.Dir(abs)
	return c, c.Validate()
}

// Parse decodes config YAML strictly; file is used in messages only.
func Parse(file string, data []byte) (*Config, error) {
	if err := manifest.Screen(data); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("%s: %s", file, cleanYAMLErr(err))
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	c := &Config{}
	if err := dec.Decode(c); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %s", file, cleanYAMLErr(err))
	}
	if err := oneDocument(file, dec); err != nil {
		return nil, err
	}
	setLines(c, &root)
	return c, nil
}

// oneDocument refuses a document after the first (it would be ignored), naming its line.
func oneDocument(file string, dec *yaml.Decoder) error {
	var next yaml.Node
	err := dec.Decode(&next)
	switch {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil:
		return fmt.Errorf("%s: after the first document: %s", file, cleanYAMLErr(err))
	}
	if len(next.Content) == 0 || next.Content[0].Tag == "!!null" && next.Content[0].Value == "" {
		return nil // an empty document after a trailing ---
	}
	line := next.Content[0].Line
	return fmt.Errorf("%s:%d: a second YAML document: the config is one document (nothing after it is read); remove the `---` and merge it into the first", file, line)
}
