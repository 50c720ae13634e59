package images

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// Named is an image and the provider label whose files name it ("" when unknown).
type Named struct {
	Image string
	Label string
}

// FindDir returns the images the YAML files under dir name (a build output folder, a
// release folder or a repository), after the `images:` overrides of dir/clusterctl.yaml.
func FindDir(dir string) ([]string, error) {
	if !localrepo.IsFolder(dir) {
		return nil, fmt.Errorf("reading %s: not a folder (give a build output folder, a release folder or a repository)", dir)
	}
	cfg, err := clusterctlcfg.Load(filepath.Join(dir, clusterctlcfg.File))
	if err != nil {
		return nil, err
	}
	overrides, err := cfg.Images()
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
	return slices.Sorted(maps.Keys(set)), nil
}

func walk(dir string) ([]Named, error) {
	var out []Named
	err := localrepo.WalkFiles(dir, isManifest, func(rel string, data []byte) error {
		label := ""
		if parts := strings.Split(rel, "/"); len(parts) >= 3 {
			label = parts[0]
		}
		for _, im := range manifest.Images(data) {
			out = append(out, Named{im, label})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Image < out[j].Image })
	return out, nil
}

func isManifest(name string) bool {
	switch name {
	case clusterctlcfg.File, layout.MetadataFile:
		return false
	}
	return strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")
}

// applyOverrides applies `all`, then the label's own entry, field by field (clusterctl).
func applyOverrides(n Named, overrides map[string]clusterctlcfg.ImageOverride) string {
	o := overrides["all"]
	if l, ok := overrides[n.Label]; ok && n.Label != "" {
		if l.Repository != "" {
			o.Repository = l.Repository
		}
		if l.Tag != "" {
			o.Tag = l.Tag
		}
	}
	if o == (clusterctlcfg.ImageOverride{}) {
		return n.Image
	}
	r, err := parse(n.Image)
	if err != nil {
		return n.Image // Check reports it
	}
	return Override(o).Apply(r).Image
}
