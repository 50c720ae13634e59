// Package render builds a kustomize folder in-process with sigs.k8s.io/kustomize/api.
// Transforms that must not touch tracked files (provider label, image overrides) are
// applied by a throw-away overlay kustomization in a temporary folder, in the same pass.
package render

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// Options say what to render and which transforms to apply.
type Options struct {
	Dir    string            // kustomize folder
	Labels map[string]string // added to every object's metadata.labels
	Images []types.Image     // kustomize images: semantics
}

// Kustomize screens the input tree, renders it and returns the resources.
func Kustomize(opts Options) (resmap.ResMap, error) {
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	if err := Screen(dir); err != nil {
		return nil, err
	}
	if len(opts.Labels) == 0 && len(opts.Images) == 0 {
		return run(dir)
	}
	overlay, err := writeOverlay(dir, opts)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(overlay)
	return run(overlay)
}

func run(dir string) (resmap.ResMap, error) {
	o := krusty.MakeDefaultOptions()
	o.Reorder = krusty.ReorderOptionLegacy // the order `kustomize build` users know
	m, err := krusty.MakeKustomizer(o).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, fmt.Errorf("kustomize build: %s", cleanErr(err.Error()))
	}
	return m, nil
}

// writeOverlay writes a kustomization in a temporary folder that references dir
// relatively (kustomize refuses absolute bases) and adds the transforms.
func writeOverlay(dir string, opts Options) (string, error) {
	tmp, err := os.MkdirTemp("", "capirepo-render-")
	if err != nil {
		return "", fmt.Errorf("creating render overlay: %w", err)
	}
	rel, err := filepath.Rel(tmp, dir)
	if err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	k := types.Kustomization{
		TypeMeta:  types.TypeMeta{APIVersion: types.KustomizationVersion, Kind: types.KustomizationKind},
		Resources: []string{filepath.ToSlash(rel)},
		Images:    opts.Images,
	}
	if len(opts.Labels) > 0 {
		k.Labels = []types.Label{{Pairs: opts.Labels}}
	}
	b, err := yaml.Marshal(k)
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, "kustomization.yaml"), b, 0o600)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("writing render overlay: %w", err)
	}
	return tmp, nil
}

// cleanErr drops the temporary overlay's noise from kustomize's nested messages.
func cleanErr(s string) string {
	return strings.ReplaceAll(s, "accumulation err=", "")
}
