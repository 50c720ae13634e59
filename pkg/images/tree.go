package images

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"sigs.k8s.io/yaml"
)

// Named is an image and the provider label whose files name it ("" when unknown).
type Named struct {
	Image string
	Label string
}

// FindDir returns the images the YAML files under dir name (a build output folder, a
// release folder or a repository), after the `images:` overrides of dir/clusterctl.yaml.
func FindDir(dir string) ([]string, error) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, fmt.Errorf("reading %s: not a folder (give a build output folder, a release folder or a repository)", dir)
	}
	overrides, err := ReadOverrides(filepath.Join(dir, "clusterctl.yaml"))
	if err != nil {
		return nil, err
	}
	found, err := walk(dir)
	if err != nil {
		return nil, err
	}
	set := map[string]bool{}
	for _, n := range found {
		set[applyOverrides(n, overrides)] = true
	}
	return sortedKeys(set), nil
}

func walk(dir string) ([]Named, error) {
	var out []Named
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !isManifest(d.Name()) {
			return nil
		}
		data, err := fsx.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		label := ""
		if parts := strings.Split(filepath.ToSlash(rel), "/"); len(parts) >= 3 {
			label = parts[0]
		}
		for _, im := range Find(data) {
			out = append(out, Named{im, label})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Image < out[j].Image })
	return out, nil
}

func isManifest(name string) bool {
	switch name {
	case "clusterctl.yaml", "metadata.yaml":
		return false
	}
	return strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")
}

// ReadOverrides reads the `images:` key of a clusterctl.yaml; a missing file has none.
func ReadOverrides(path string) (map[string]Override, error) {
	data, err := fsx.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	var cfg struct {
		Images map[string]Override `json:"images"`
	}
	if err := yaml.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("reading images: of %s: %w", path, err)
	}
	return cfg.Images, nil
}

// applyOverrides applies `all`, then the label's own entry, field by field (clusterctl).
func applyOverrides(n Named, overrides map[string]Override) string {
	o := overrides["all"]
	if l, ok := overrides[n.Label]; ok && n.Label != "" {
		if l.Repository != "" {
			o.Repository = l.Repository
		}
		if l.Tag != "" {
			o.Tag = l.Tag
		}
	}
	if o == (Override{}) {
		return n.Image
	}
	r, err := Parse(n.Image)
	if err != nil {
		return n.Image // Check reports it
	}
	return o.Apply(r).Image
}
