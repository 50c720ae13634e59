package render

import (
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/manifest"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/types"
)

// sourceDoc is one object a kustomization tree holds before kustomize transforms it:
// a document of a resource file, or a ConfigMap or Secret generator's output.
type sourceDoc struct {
	file                   string // the resource file, or the generator's kustomization
	apiVersion, kind, name string
}

// sourcesOf is where each object of m (a render of dir through b) came from, as
// kustomize's origin annotations would say (OriginsContext), read from the tree
// kustomize was served instead of asked of kustomize: its transformer annotations,
// which come with the origin ones, cost more than the render. The tree's objects are
// matched to the rendered ones by apiVersion, kind and name (a rendered name holds its
// source's: prefixes and suffixes only add), each rendered object to the source whose
// name is the longest it holds. ok is false unless that pairs every rendered object
// with one source and every source with one rendered object; then the caller asks
// kustomize (a source deleted, renamed or made twice, a generator plugin, a Helm
// chart, a List, a symbolic link: any tree it cannot read exactly).
func sourcesOf(dir string, m resmap.ResMap, b *boundFS) ([]Origin, bool) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, false
	}
	w := &sourceWalk{b: b}
	if !w.dir(dir, real) {
		return nil, false
	}
	return pair(m, w.docs)
}

// pair matches the rendered objects with their sources (see sourcesOf).
func pair(m resmap.ResMap, docs []sourceDoc) ([]Origin, bool) {
	byKind := map[string][]int{}
	for i, d := range docs {
		byKind[d.kind] = append(byKind[d.kind], i)
	}
	claimed := make([]int, len(docs))
	var out []Origin
	for _, r := range m.Resources() {
		i, ok := longestHeld(docs, byKind[r.GetKind()], r.GetApiVersion(), r.GetName())
		if !ok {
			return nil, false
		}
		claimed[i]++
		out = append(out, Origin{Kind: r.GetKind(), Namespace: r.GetNamespace(), Name: r.GetName(), File: docs[i].file})
	}
	for _, n := range claimed {
		if n != 1 {
			return nil, false
		}
	}
	return out, true
}

// longestHeld is the one source among candidates of apiVersion whose name is the
// longest that name holds (false when none is, or two are).
func longestHeld(docs []sourceDoc, candidates []int, apiVersion, name string) (int, bool) {
	at, ties := -1, 0
	for _, i := range candidates {
		d := docs[i]
		if d.apiVersion != apiVersion || !strings.Contains(name, d.name) {
			continue
		}
		switch {
		case at < 0 || len(d.name) > len(docs[at].name):
			at, ties = i, 1
		case len(d.name) == len(docs[at].name):
			ties++
		}
	}
	return at, at >= 0 && ties == 1
}

// sourceWalk reads the kustomizations kustomize was served, from the top one down.
type sourceWalk struct {
	b    *boundFS
	docs []sourceDoc
}

// dir reads the kustomization of a folder: lex is its path as kustomize's origin
// annotations name it (joined from the top folder's), real the folder kustomize read.
func (w *sourceWalk) dir(lex, real string) bool {
	kfile, data, ok := w.b.served(real)
	if !ok {
		return false
	}
	var kz types.Kustomization
	if kz.Unmarshal(data) != nil {
		return false
	}
	kz.FixKustomization()
	if !w.generators(&kz, filepath.Join(lex, filepath.Base(kfile))) {
		return false
	}
	for _, e := range append(kz.Resources, kz.Components...) {
		if !w.entry(lex, real, e) {
			return false
		}
	}
	return true
}

// generators adds the objects the ConfigMap and Secret generators of kz make; false
// when kz has any other generator, a transformer that may add objects, or a generator
// that merges into (or replaces) an object of a base.
func (w *sourceWalk) generators(kz *types.Kustomization, kfile string) bool {
	if len(kz.Generators) > 0 || len(kz.Validators) > 0 || len(kz.HelmCharts) > 0 || kz.HelmGlobals != nil || !builtinPatches(kz.Transformers) {
		return false
	}
	gens := map[string][]types.GeneratorArgs{}
	for _, g := range kz.ConfigMapGenerator {
		gens["ConfigMap"] = append(gens["ConfigMap"], g.GeneratorArgs)
	}
	for _, g := range kz.SecretGenerator {
		gens["Secret"] = append(gens["Secret"], g.GeneratorArgs)
	}
	for kind, args := range gens {
		for _, g := range args {
			if g.Name == "" || (g.Behavior != "" && g.Behavior != "create") {
				return false
			}
			w.docs = append(w.docs, sourceDoc{file: kfile, apiVersion: "v1", kind: kind, name: g.Name})
		}
	}
	return true
}

// builtinPatches reports whether every transformer entry is an inline builtin
// PatchJson6902Transformer config (what render serves for patchesJson6902).
func builtinPatches(ts []string) bool {
	for _, t := range ts {
		if !strings.HasPrefix(t, "apiVersion: builtin\nkind: PatchJson6902Transformer\n") {
			return false
		}
	}
	return true
}

// entry reads one resources (or components) entry of the kustomization in real.
func (w *sourceWalk) entry(lex, real, e string) bool {
	if filepath.IsAbs(e) || strings.Contains(e, "://") {
		return false
	}
	lc, rc := filepath.Join(lex, e), filepath.Join(real, e)
	if data, ok := w.b.lookup(rc); ok { // a pinned remote resource
		return w.file(lc, data)
	}
	rr, err := filepath.EvalSymlinks(rc)
	if rl, errl := filepath.EvalSymlinks(lc); err != nil || errl != nil || rl != rr {
		return false // the origin would name another path than kustomize read
	}
	if w.b.IsDir(rc) {
		return w.dir(lc, rr)
	}
	data, err := w.b.ReadFile(rc)
	return err == nil && w.file(lc, data)
}

// file adds the objects of a resource file.
func (w *sourceWalk) file(name string, data []byte) bool {
	docs, err := manifest.SplitOutline(data)
	if err != nil {
		return false
	}
	for _, d := range docs {
		if d.Obj == nil || strings.HasSuffix(d.Obj.Kind(), "List") || d.Obj.Name() == "" {
			return false
		}
		w.docs = append(w.docs, sourceDoc{file: name, apiVersion: d.Obj.APIVersion(), kind: d.Obj.Kind(), name: d.Obj.Name()})
	}
	return true
}
