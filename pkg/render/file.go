package render

import (
	"fmt"
	"os"

	"github.com/capirepo/capirepo/pkg/confine"

	"github.com/capirepo/capirepo/pkg/manifest"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// File renders a prebuilt YAML file with the same transforms, on an in-memory
// filesystem so nothing is written next to it.
func File(path string, opts Options) (resmap.ResMap, error) {
	data, err := readInside(opts.Root, path)
	if err != nil {
		return nil, fmt.Errorf("reading components file: %w", err)
	}
	if _, err := manifest.Split(data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fs := filesys.MakeFsInMemory()
	k := types.Kustomization{
		TypeMeta:  types.TypeMeta{APIVersion: types.KustomizationVersion, Kind: types.KustomizationKind},
		Resources: []string{"in.yaml"},
		Images:    opts.Images,
	}
	if len(opts.Labels) > 0 {
		k.Labels = []types.Label{{Pairs: opts.Labels}}
	}
	kb, err := yaml.Marshal(k)
	if err != nil {
		return nil, err
	}
	if err := fs.WriteFile("/in/in.yaml", data); err != nil {
		return nil, err
	}
	if err := fs.WriteFile("/in/kustomization.yaml", kb); err != nil {
		return nil, err
	}
	o := krusty.MakeDefaultOptions()
	m, err := krusty.MakeKustomizer(o).Run(fs, "/in")
	if err != nil {
		return nil, fmt.Errorf("%s: %s", path, cleanErr(err.Error()))
	}
	return m, nil
}

// readInside reads path, refused when it resolves outside root ("" = no bound).
func readInside(root, path string) ([]byte, error) {
	if root == "" {
		return os.ReadFile(path)
	}
	r, err := confine.New(root)
	if err != nil {
		return nil, err
	}
	return r.ReadFile(path)
}
