package render

import (
	"context"
	"path/filepath"
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
	return out, nil
}
