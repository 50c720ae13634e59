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
// came from, as OriginsContext would, when the tree kustomize read says so exactly
// (sourcesOf): one render, as Kustomize renders it, with no origin annotations asked
// of kustomize. The origins are nil when the tree cannot say; a caller that needs them
// then asks OriginsContext.
func KustomizeOriginsContext(ctx context.Context, opts Options) (resmap.ResMap, []Origin, error) {
	r, err := whileActive(ctx, func() (withOrigins, error) { return kustomizeOrigins(opts) })
	return r.m, r.origins, err
}

type withOrigins struct {
	m       resmap.ResMap
	origins []Origin
}

func kustomizeOrigins(opts Options) (withOrigins, error) {
	opts.origins = false
	m, _, b, err := kustomizeBound(opts)
	if err != nil {
		return withOrigins{}, err
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return withOrigins{m: m}, nil
	}
	found, _ := sourcesOf(dir, m, b)
	return withOrigins{m: m, origins: found}, nil
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
