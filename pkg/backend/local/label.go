package local

import (
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// configProviders reads the providers: entries of a build's clusterctl.yaml, keyed by
// the label in their URL. A missing file gives none.
func configProviders(file string) (map[string]*Provider, error) {
	data, err := readConfig(file)
	if err != nil || data == nil {
		return nil, err
	}
	c, err := clusterctlcfg.Parse(file, data)
	if err != nil {
		return nil, err
	}
	list, err := c.Providers()
	if err != nil {
		return nil, err
	}
	var cfg struct{ Providers []Provider }
	cfg.Providers = list
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

// findComponents picks the one components file of a version folder.
func findComponents(dir string, files []release.File) (string, error) {
	var found []string
	for _, f := range files {
		if layout.FileKind(f.Name) == layout.KindComponents {
			found = append(found, f.Name)
		}
	}
	if len(found) == 0 {
		return "", fmt.Errorf("reading %s: no *-components.yaml found; list the provider in clusterctl.yaml", dir)
	}
	typ, _ := layout.ParseLabel(filepath.Base(filepath.Dir(dir)))
	return layout.MainComponents(typ, found), nil
}
