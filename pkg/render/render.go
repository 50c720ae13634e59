// Package render builds a kustomize folder in-process with sigs.k8s.io/kustomize/api.
// Transforms that must not touch tracked files (provider label, image overrides) are
// applied by a throw-away overlay kustomization in a temporary folder, in the same pass.
// kustomize reads through a bounded filesystem (boundfs.go): nothing outside Options.Root
// is read, whatever the load restrictor, and remote resources come from their pins.
package render

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/yaml"
)

// LoadNone is the loadRestrictor value that lets a kustomization load files from
// anywhere inside Options.Root (kustomize's LoadRestrictionsNone, bounded).
const LoadNone = "none"

// Options say what to render and which transforms to apply.
type Options struct {
	Dir    string            // kustomize folder
	Labels map[string]string // added to every object's metadata.labels
	Images []types.Image     // kustomize images: semantics

	Root           string        // every file read must be inside it ("" = no bound)
	LoadRestrictor string        // "" (kustomize's root-only default) or LoadNone
	Remote         Remote        // pinned remote resources (nil: every remote resource is refused)
	Warn           func(Warning) // kustomize's deprecation warnings, once per file and message
	Cache          *ScreenCache  // the build's screened files, shared by its renders (nil: none)
	// TempDir holds the temporary overlays ("" = the system's). A caller that removes
	// it when it returns leaves nothing behind, even when an interrupted render runs on.
	TempDir string

	origins bool // record kustomize's origin annotations (Origins)
}

// Kustomize screens the input tree, renders it and returns the resources.
func Kustomize(opts Options) (resmap.ResMap, error) {
	m, _, err := kustomize(opts)
	return m, err
}

// kustomize is Kustomize that also returns the folder kustomize built (dir, or the
// overlay above it), which origin paths are relative to.
func kustomize(opts Options) (resmap.ResMap, string, error) {
	m, target, _, err := kustomizeBound(opts)
	return m, target, err
}

// kustomizeBound is kustomize that also returns the filesystem kustomize read through
// (what its kustomization reader saw).
func kustomizeBound(opts Options) (resmap.ResMap, string, *boundFS, error) {
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, "", nil, err
	}
	b, err := newBound(opts)
	if err != nil {
		return nil, "", nil, err
	}
	if err := b.check(dir); err != nil {
		return nil, "", nil, err
	}
	if err := screenWith(dir, ScreenOptions{Ref: b.screenRef(opts), File: b.check, Cache: opts.Cache}); err != nil {
		return nil, "", nil, err
	}
	b.kust.userMetadata = b.keepsOrigins(dir)
	b.kust.origins = opts.origins || b.kust.userMetadata
	if len(opts.Labels) == 0 && len(opts.Images) == 0 && !opts.origins {
		m, err := run(dir, dir, opts, b)
		return m, dir, b, err
	}
	overlay, err := writeOverlay(dir, opts)
	if err != nil {
		return nil, "", nil, err
	}
	defer os.RemoveAll(overlay)
	if real, err := filepath.EvalSymlinks(overlay); err == nil {
		b.roots, b.overlay = append(b.roots, real), real
	}
	m, err := run(dir, overlay, opts, b)
	return m, overlay, b, err
}

func newBound(opts Options) (*boundFS, error) {
	root, shown := string(filepath.Separator), "/"
	if opts.Root != "" {
		abs, err := filepath.Abs(opts.Root)
		if err == nil {
			root, err = filepath.EvalSymlinks(abs)
		}
		if err != nil {
			return nil, fmt.Errorf("resolving %s: %w", opts.Root, err)
		}
		shown = abs
	}
	k := &kustReader{remote: opts.Remote, warn: opts.Warn, warned: map[Warning]bool{}, loadNone: opts.LoadRestrictor == LoadNone}
	return newBoundFS(shown, []string{root}, k), nil
}

func run(dir, target string, opts Options, fs *boundFS) (resmap.ResMap, error) {
	m, err := krusty.MakeKustomizer(kustomizerOptions(opts.LoadRestrictor)).Run(fs, target)
	if err != nil && fs.kerr != nil {
		return nil, fs.kerr
	}
	if err != nil {
		return nil, buildErr(dir, opts, fs, err)
	}
	return m, nil
}

// kustomizerOptions are `kustomize build`'s without flags (legacy order, root-only
// loading, builtin plugins only), so kustomize warns exactly as the CLI does: with
// Reorder set, it would warn "Sorting order is set both in 'kustomization.yaml' and
// in a CLI flag" on every kustomization with sortOptions.
func kustomizerOptions(loadRestrictor string) *krusty.Options {
	o := krusty.MakeDefaultOptions()
	o.Reorder = krusty.ReorderOptionUnspecified
	if loadRestrictor == LoadNone {
		o.LoadRestrictions = types.LoadRestrictionsNone
	}
	return o
}

// buildErr condenses kustomize's nested, multi-line message into one line naming the
// kustomization file, with a hint when the load restrictor refused a file.
func buildErr(dir string, opts Options, fs *boundFS, err error) error {
	msg := strings.Join(strings.Fields(cleanErr(err.Error())), " ")
	kfile := fs.kustomizationIn(msg)
	if kfile == "" {
		kfile = findKustomization(dir)
	}
	if kfile == "" {
		kfile = dir
	}
	if strings.Contains(msg, "is not in or below") && opts.LoadRestrictor != LoadNone {
		msg += "; kustomize's default load restrictor allows files only in or below the kustomization's folder: " +
			"set loadRestrictor: none on this entry (or its provider) in capirepo.yaml to load them from anywhere inside the folder holding capirepo.yaml"
	}
	return fmt.Errorf("kustomize build %s: %s", kfile, msg)
}

// writeOverlay writes a kustomization in a temporary folder that references dir
// relatively (kustomize refuses absolute bases) and adds the transforms.
func writeOverlay(dir string, opts Options) (string, error) {
	tmp, err := os.MkdirTemp(opts.TempDir, "capirepo-render-")
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
	if opts.origins {
		k.BuildMetadata = []string{types.OriginAnnotations}
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
