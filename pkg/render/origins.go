package render

import (
	"context"

	"path/filepath"
	"sigs.k8s.io/kustomize/api/resmap"
	"strings"
)

// Origin is where kustomize took a rendered object from: the source file that holds
// it, or the kustomization whose generator made it. File is "" when the object came
// from a remote resource.
type Origin struct {
	Kind, Namespace, Name string
	File                  string // absolute path
}

// OriginsContext renders opts.Dir again with kustomize's origin annotations
// (buildMetadata: [originAnnotations], set by the overlay only) and returns where
// each object came from. The release is never built this way: its files stay as
// Kustomize renders them.
func OriginsContext(ctx context.Context, opts Options) ([]Origin, error) {
	return whileActive(ctx, func() ([]Origin, error) { return origins(opts) })
}

func origins(opts Options) ([]Origin, error) {
	opts.origins = true
	m, target, err := kustomize(opts)
	if err != nil {
		return nil, err
	}
	return originsOf(m, target), nil
}

// KustomizeOriginsContext is KustomizeContext that also returns where each object
// came from (OriginsContext), from the same render when it can: kustomize builds with
// its origin annotations and capirepo removes them, as kustomize's own Run does when
// they are not asked for, so the resources are the same as Kustomize's. A folder whose
// kustomization may ask for build metadata itself, or a tree still using
// patchesJson6902 (whose fix is not served with build metadata), is rendered twice:
// once for the origins, once as Kustomize renders it.
func KustomizeOriginsContext(ctx context.Context, opts Options) (resmap.ResMap, []Origin, error) {
	r, err := whileActive(ctx, func() (withOrigins, error) { return kustomizeOrigins(ctx, opts) })
	return r.m, r.origins, err
}

type withOrigins struct {
	m       resmap.ResMap
	origins []Origin
}

// kustomizeOrigins renders once with origins; a second render (for the error as the
// release's render words it, or the fallback) only while ctx is live: an interrupted
// render that runs on must not write new overlays into a scratch folder being removed.
func kustomizeOrigins(ctx context.Context, opts Options) (withOrigins, error) {
	plain := opts
	opts.origins = true
	m, target, b, err := kustomizeBound(opts)
	if err != nil { // the release's render says why (or renders without origins)
		if ctx.Err() != nil {
			return withOrigins{}, err
		}
		pm, err := Kustomize(plain)
		return withOrigins{m: pm}, err
	}
	r := withOrigins{m: m, origins: originsOf(m, target)}
	if b.kust.userMetadata || b.kust.json6902 {
		if err := ctx.Err(); err != nil {
			return withOrigins{}, err
		}
		r.m, err = Kustomize(plain)
		return r, err
	}
	return r, m.RemoveOriginAnnotations()
}

// originsOf reads where each resource of m came from; paths are relative to target.
func originsOf(m resmap.ResMap, target string) []Origin {
	var out []Origin
	for _, r := range m.Resources() {
		o := Origin{Kind: r.GetKind(), Namespace: r.GetNamespace(), Name: r.GetName()}
		if org, err := r.GetOrigin(); err == nil && org != nil && org.Repo == "" {
			p := org.Path
			if org.ConfiguredIn != "" { // made by a generator of this kustomization
				p = org.ConfiguredIn
			}
			if p != "" && !strings.Contains(p, "://") {
				o.File = filepath.Join(target, filepath.FromSlash(p))
			}
		}
		out = append(out, o)
	}
	return out
}
