package local

import (
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	yaml "go.yaml.in/yaml/v3"
)

// configProviders reads the providers: entries of a build's clusterctl.yaml, keyed by
// the label in their URL. A missing file gives none.
func configProviders(file string) (map[string]*Provider, error) {
	data, err := readConfig(file)
	if err != nil || data == nil {
		return nil, err
	}
	var cfg struct {
		Providers []Provider `yaml:"providers"`
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("parsing %s: %w; fix or remove the file", file, err)
	}
	out := map[string]*Provider{}
	for i, p := range cfg.Providers {
		u, err := url.Parse(p.URL)
		if err != nil {
			return nil, fmt.Errorf("parsing %s: provider %s url %q: %w", file, p.Name, p.URL, err)
		}
		parts := strings.Split(strings.TrimSuffix(u.Path, "/"), "/")
		if len(parts) < 3 || !layout.ValidType(p.Type) {
			return nil, fmt.Errorf("parsing %s: provider %s: want type one of %s and url file:///<dir>/<label>/<version>/<components-file>, got %q, %q",
				file, p.Name, strings.Join(layout.Types, ", "), p.Type, p.URL)
		}
		out[parts[len(parts)-3]] = &cfg.Providers[i]
	}
	return out, nil
}

func componentsOf(u string) string { return path.Base(u) }

// parseLabel recovers type and name from a label by its prefix; no prefix is core.
func parseLabel(label string) (typ, name string) {
	for _, t := range layout.Types {
		prefix := layout.Label(t, "")
		if t != layout.CoreProvider && strings.HasPrefix(label, prefix) {
			return t, strings.TrimPrefix(label, prefix)
		}
	}
	return layout.CoreProvider, label
}

// findComponents picks the one components file of a version folder.
func findComponents(dir string, files []release.File) (string, error) {
	var found []string
	for _, f := range files {
		if layout.FileKind(f.Name) == layout.KindComponents {
			found = append(found, f.Name)
		}
	}
	if len(found) != 1 {
		return "", fmt.Errorf("reading %s: want exactly one *-components.yaml to tell the components file, found %d (%s); list the provider in clusterctl.yaml",
			dir, len(found), strings.Join(found, ", "))
	}
	return found[0], nil
}
