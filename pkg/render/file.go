package render

import (
	"fmt"
	"runtime"

	"github.com/capirepo/capirepo/pkg/confine"

	"github.com/capirepo/capirepo/pkg/manifest"
	"golang.org/x/sync/errgroup"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// partDocs is the most documents one kustomize run of a prebuilt file gets.
// kustomize checks every resource it adds against all earlier ones, so a run costs
// the square of its document count; the label and image transforms File applies
// act on each object alone, so a large file is rendered in parts of partDocs
// documents, on all CPUs, and the parts are joined in order.
const partDocs = 100

// File renders a prebuilt YAML file with the same transforms, on an in-memory
// filesystem so nothing is written next to it.
func File(path string, opts Options) (Resources, error) {
	data, err := readInside(opts.Root, path)
	if err != nil {
		return nil, fmt.Errorf("reading components file: %w", err)
	}
	st := manifest.Stats(data)
	if err := checkDocs(path, st); err != nil {
		return nil, err
	}
	if st.Largest > maxDocBytes {
		return nil, fmt.Errorf("%s: document %d is %d MiB: no Kubernetes object is that large (the API server stores objects of at most a few MiB)", path, st.LargestN, st.Largest>>20)
	}
	if st.ListItems > maxDocs {
		return nil, fmt.Errorf("%s: kind: List documents hold about %d objects; kustomize's build time grows with the square of that count: write the items as separate YAML documents (capirepo renders those in parts)", path, st.ListItems)
	}
	if err := manifest.CheckDepth(data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// A full parse, not the bounded scan: it also refuses what kustomize would let
	// through, such as duplicate keys, with the line.
	if _, err := manifest.Split(data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return renderParts(path, data, opts)
}

// renderParts renders data in one kustomize run, or in parts (see partDocs).
func renderParts(path string, data []byte, opts Options) (Resources, error) {
	parts := manifest.Parts(data, partDocs)
	if len(parts) <= 1 {
		return renderFile(path, data, opts)
	}
	rendered := make([]resmap.ResMap, len(parts))
	g := new(errgroup.Group)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, p := range parts {
		g.Go(func() (err error) {
			rendered[i], err = renderFile(path, p, opts)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return join(path, rendered)
}

// join lists the parts' resources in order, refusing an object defined twice as a
// single kustomize run would.
func join(path string, parts []resmap.ResMap) (list, error) {
	var out list
	seen := map[string]bool{}
	for _, m := range parts {
		for _, r := range m.Resources() {
			id := r.CurId().String()
			if seen[id] {
				return nil, fmt.Errorf("%s: may not add resource with an already registered id: %s", path, id)
			}
			seen[id] = true
			out = append(out, r)
		}
	}
	return out, nil
}

// renderFile runs kustomize on data as the only resource of a kustomization.
func renderFile(path string, data []byte, opts Options) (resmap.ResMap, error) {
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
		return ReadInput(path)
	}
	r, err := confine.New(root)
	if err != nil {
		return nil, err
	}
	real, err := r.Resolve(path)
	if err != nil {
		return nil, err
	}
	return ReadInput(real)
}
