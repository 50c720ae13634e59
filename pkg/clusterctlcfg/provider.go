// Package clusterctlcfg is capirepo's one model of clusterctl's configuration file,
// clusterctl.yaml: provider entries (with clusterctl's built-in list), the
// cert-manager and images keys, edits that keep every other entry, key and comment,
// and the `providers:` snippet printed after a publish. Build, publish, mirror and
// every backend's notes use it.
package clusterctlcfg

import (
	_ "embed"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// File is the configuration's conventional name in a repository root.
const File = "clusterctl.yaml"

//go:embed providers.yaml
var builtinYAML []byte

// Provider is one providers: entry: name, type (Label() comes from them), url.
type Provider struct {
	layout.Provider `yaml:",inline"`
	URL             string `yaml:"url" json:"url"`
}

// ComponentsFile is the last segment of the URL, as clusterctl reads it.
func (p Provider) ComponentsFile() string { return path.Base(p.URL) }

// URLVersion is the version segment of the URL ("latest" or "vX.Y.Z"); it is the
// second-to-last segment in all three repository URL forms.
func (p Provider) URLVersion() string { return path.Base(path.Dir(p.URL)) }

// Validate checks the name, type and URL shape clusterctl requires.
func (p Provider) Validate() error {
	if err := p.Provider.Validate(); err != nil {
		return fmt.Errorf("provider %s (%s): %w", p.Name, p.Type, err)
	}
	if p.URL == "" || strings.Count(strings.TrimPrefix(p.URL, "file://"), "/") < 3 {
		return fmt.Errorf("provider %s (%s): url %q is not {base}/{version}/{components file}", p.Name, p.Type, p.URL)
	}
	return nil
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

// Local is the entry of provider id published in the local repository root, at
// version (a pinned vX.Y.Z, or "latest").
func Local(root string, id layout.Provider, version, components string) Provider {
	return Provider{Provider: id, URL: layout.LocalURL(root, id.Label(), version, components)}
}

// Builtin returns clusterctl's built-in provider list.
func Builtin() ([]Provider, error) {
	return parseProviders("built-in provider list", builtinYAML)
}

// Merge returns base with every entry of extra that has the same name and type
// replaced, and the others appended, as clusterctl merges a user's providers.
func Merge(base, extra []Provider) []Provider {
	out := append([]Provider(nil), base...)
	for _, e := range extra {
		if i := Find(out, e.Provider); i >= 0 {
			out[i] = e
			continue
		}
		out = append(out, e)
	}
	return out
}

// Find returns the index of the entry of provider id, or -1.
func Find(list []Provider, id layout.Provider) int {
	for i, p := range list {
		if p.Provider == id {
			return i
		}
	}
	return -1
}
