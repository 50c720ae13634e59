package mirror

import (
	_ "embed"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

//go:embed providers.yaml
var builtinYAML []byte

// Provider is one clusterctl provider configuration entry.
type Provider struct {
	Name string `yaml:"name" json:"name"`
	Type string `yaml:"type" json:"type"`
	URL  string `yaml:"url" json:"url"`
}

// Label is the provider's folder name ("infrastructure-aws", "cluster-api").
func (p Provider) Label() string { return layout.Label(p.Type, p.Name) }

// ComponentsFile is the last segment of the URL, as clusterctl reads it.
func (p Provider) ComponentsFile() string { return path.Base(p.URL) }

// URLVersion is the version segment of the URL ("latest" or "vX.Y.Z"); it is the
// second-to-last segment in all three repository URL forms.
func (p Provider) URLVersion() string { return path.Base(path.Dir(p.URL)) }

// Builtin returns clusterctl's built-in provider list.
func Builtin() ([]Provider, error) {
	return parseProviders("built-in provider list", builtinYAML)
}

// ReadConfig reads the providers: list of a clusterctl.yaml.
func ReadConfig(file string) ([]Provider, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	var cfg struct {
		Providers yaml.Node `yaml:"providers"`
	}
	if err := manifest.Screen(data); err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("parsing %s: %w; fix the YAML", file, err)
	}
	if cfg.Providers.Kind == 0 {
		return nil, nil
	}
	out, err := yaml.Marshal(&cfg.Providers)
	if err != nil {
		return nil, fmt.Errorf("reading the providers of %s: %w", file, err)
	}
	return parseProviders(file, out)
}

func parseProviders(what string, data []byte) ([]Provider, error) {
	var list []Provider
	if err := yaml.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("parsing the providers of %s: %w; want a list of {name, type, url}", what, err)
	}
	for _, p := range list {
		if err := p.validate(); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
	}
	return list, nil
}

func (p Provider) validate() error {
	if err := layout.ValidateName(p.Type, p.Name); err != nil {
		return fmt.Errorf("provider %s (%s): %w", p.Name, p.Type, err)
	}
	if p.URL == "" || strings.Count(strings.TrimPrefix(p.URL, "file://"), "/") < 3 {
		return fmt.Errorf("provider %s (%s): url %q is not {base}/{version}/{components file}", p.Name, p.Type, p.URL)
	}
	return nil
}

// Merge returns base with every entry of extra that has the same name and type
// replaced, and the others appended, as clusterctl merges a user's providers.
func Merge(base, extra []Provider) []Provider {
	out := append([]Provider(nil), base...)
	for _, e := range extra {
		i := find(out, e.Name, e.Type)
		if i < 0 {
			out = append(out, e)
			continue
		}
		out[i] = e
	}
	return out
}

func find(list []Provider, name, typ string) int {
	for i, p := range list {
		if p.Name == name && p.Type == typ {
			return i
		}
	}
	return -1
}

// LocalRoot splits a local repository URL, [file://]{base}/{label}/{version}/{file},
// and returns base; the label must be the provider's, as clusterctl requires.
func (p Provider) LocalRoot() (string, error) {
	file := filepath.FromSlash(strings.TrimPrefix(p.URL, "file://"))
	labelDir := filepath.Dir(filepath.Dir(file))
	if !filepath.IsAbs(file) || filepath.Base(labelDir) != p.Label() {
		return "", fmt.Errorf("%s: url %q: want an absolute [file://]{base}/%s/{version}/{components file}", p.Label(), p.URL, p.Label())
	}
	return filepath.Dir(labelDir), nil
}
