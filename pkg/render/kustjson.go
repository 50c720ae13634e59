package render

import (
	"fmt"
	"net/url"
	"path/filepath"
	"reflect"
	"strings"

	yaml "go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/builtins"
	"sigs.k8s.io/kustomize/api/ifc"
	"sigs.k8s.io/kustomize/api/provider"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// json6902Name names the inline transformer configs that stand for patchesJson6902
// entries (a kustomization whose own transformer configs use it is kept as it is).
const json6902Name = "capirepo-patchesjson6902-"

// json6902Config is the configuration kustomize builds for its PatchJson6902Transformer
// step (kusttarget_configplugin.go): the same fields, tags and marshalling.
type json6902Config struct {
	Target *types.Selector `json:"target,omitempty" yaml:"target,omitempty"`
	Path   string          `json:"path,omitempty" yaml:"path,omitempty"`
	JsonOp string          `json:"jsonOp,omitempty" yaml:"jsonOp,omitempty"`
}

// json6902Transformers returns the patchesJson6902 of kustomization file p (read as kz)
// as inline builtin PatchJson6902Transformer configs, one per entry, or nil when one of
// them would not configure exactly as kustomize's own step for the entry does: the
// same plugin, configured through the same loader, must end in the same state.
// Build metadata (origin annotations) would name the config: nil then too.
func (k *kustReader) json6902Transformers(p string, kz *types.Kustomization) []string {
	if k.origins {
		return nil
	}
	out := []string{} // no entries: nothing to configure
	ldr, err := newPatchLoader(k.fs, p, k.loadNone)
	if err != nil || k.fs.linkedFrom(p) {
		return nil
	}
	rf := resmap.NewFactory(provider.NewDepProvider().GetResourceFactory())
	if !freeNames(ldr, rf, kz.Transformers) {
		return nil
	}
	for i, args := range kz.PatchesJson6902 {
		cfg, ok := exactConfig(ldr, rf, json6902Config{Target: args.Target, Path: args.Path, JsonOp: args.Patch}, i)
		if !ok {
			return nil
		}
		out = append(out, cfg)
	}
	return out
}

// exactConfig is c as an inline transformer config, when configuring the plugin from
// it (as kustomize reads inline configs) and from c (as kustomize's step does) both
// succeed and give the same plugin.
func exactConfig(ldr ifc.Loader, rf *resmap.Factory, c json6902Config, i int) (string, bool) {
	if c.Target == nil {
		return "", false
	}
	step, err := kyaml.Marshal(c)
	if err != nil {
		return "", false
	}
	inline := fmt.Sprintf("apiVersion: builtin\nkind: PatchJson6902Transformer\nmetadata:\n  name: %s%d\n%s", json6902Name, i, step)
	rm, err := rf.NewResMapFromBytes([]byte(inline))
	if err != nil || rm.Size() != 1 {
		return "", false
	}
	read, err := rm.Resources()[0].AsYAML()
	if err != nil {
		return "", false
	}
	want, ok := configured(ldr, rf, step)
	got, ok2 := configured(ldr, rf, read)
	return inline, ok && ok2 && reflect.DeepEqual(want, got)
}

// configured is the state a PatchJson6902Transformer plugin configured from config
// has (nil, false when configuring fails).
func configured(ldr ifc.Loader, rf *resmap.Factory, config []byte) (*json6902Config, bool) {
	p := builtins.NewPatchJson6902TransformerPlugin().(*builtins.PatchJson6902TransformerPlugin)
	if err := p.Config(resmap.NewPluginHelpers(ldr, nil, rf, nil), config); err != nil {
		return nil, false
	}
	return &json6902Config{Target: p.Target, Path: p.Path, JsonOp: p.JsonOp}, true
}

// transformerItem is config c as an item of the served transformers list.
func transformerItem(c string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: c, Style: yaml.LiteralStyle}
}

// patchLoader loads patch files as kustomize's loader for a kustomization folder does
// with the same load restrictor (root-only: in or below the folder; none: anywhere),
// through the same filesystem. It refuses URLs, which kustomize would fetch.
type patchLoader struct {
	fs   filesys.FileSystem
	root filesys.ConfirmedDir
	none bool
}

// newPatchLoader is the loader kustomize gives kustomization file kfile: rooted at its
// folder. A kustomization file reached through a symbolic link is refused: kustomize
// roots its loader at the link's folder (with root-only loading it reads the file by
// its real path; linkedFrom looks for such links).
func newPatchLoader(fs filesys.FileSystem, kfile string, none bool) (*patchLoader, error) {
	root, f, err := fs.CleanedAbs(kfile)
	if err != nil || root.Join(f) != kfile {
		return nil, fmt.Errorf("%s: not a plain file", kfile)
	}
	return &patchLoader{fs: fs, root: root, none: none}, nil
}

func (l *patchLoader) Load(p string) ([]byte, error) {
	if u, err := url.Parse(p); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		return nil, fmt.Errorf("%s: remote patch", p)
	}
	if isKustomizationName(filepath.Base(p)) {
		return nil, fmt.Errorf("%s: a kustomization file name", p) // read would rewrite it
	}
	if !filepath.IsAbs(p) {
		p = l.root.Join(p)
	}
	if l.none {
		return l.fs.ReadFile(p)
	}
	d, f, err := l.fs.CleanedAbs(p)
	if err != nil || f == "" || !d.HasPrefix(l.root) {
		return nil, fmt.Errorf("%s: not a file in or below %s", p, l.root)
	}
	return l.fs.ReadFile(d.Join(f))
}

func (l *patchLoader) Repo() string                   { return "" }
func (l *patchLoader) Root() string                   { return l.root.String() }
func (l *patchLoader) New(string) (ifc.Loader, error) { return nil, fmt.Errorf("not supported") }
func (l *patchLoader) Cleanup() error                 { return nil }

// freeNames reports whether no config the transformers entries give is named like
// the inline configs (kustomize would fail on the duplicate): an entry is read as an
// inline config when it parses as one, else as a file (a folder is not looked into).
func freeNames(ldr ifc.Loader, rf *resmap.Factory, entries []string) bool {
	for _, e := range entries {
		rm, err := rf.NewResMapFromBytes([]byte(e))
		if err != nil {
			data, lerr := ldr.Load(e)
			if lerr != nil {
				return false
			}
			rm, err = rf.NewResMapFromBytes(data)
		}
		if err != nil {
			return false
		}
		for _, r := range rm.Resources() {
			if strings.HasPrefix(r.GetName(), json6902Name) {
				return false
			}
		}
	}
	return true
}

// keepsOrigins reports whether the kustomization in dir may ask for build metadata
// (kustomize then records which transformer config changed each object, by name).
func (b *boundFS) keepsOrigins(dir string) bool {
	for _, n := range kustomizationNames {
		f := filepath.Join(dir, n)
		if b.check(f) != nil {
			return true
		}
		data, err := b.disk.ReadFile(f)
		var kz types.Kustomization
		if err == nil && (kz.Unmarshal(data) != nil || len(kz.BuildMetadata) > 0) {
			return true
		}
	}
	return false
}

// linkedFrom reports whether a kustomization file name in a folder above kfile's (in
// the bound) is a symbolic link to kfile.
func (b *boundFS) linkedFrom(kfile string) bool {
	for d := filepath.Dir(filepath.Dir(kfile)); b.check(d) == nil; d = filepath.Dir(d) {
		for _, n := range kustomizationNames {
			if real, err := filepath.EvalSymlinks(filepath.Join(d, n)); err == nil && real == kfile {
				return true
			}
		}
		if d == filepath.Dir(d) {
			break
		}
	}
	return false
}
