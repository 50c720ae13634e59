package images

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/opencontainers/go-digest"
	"oras.land/oras-go/v2"
	ocilayout "oras.land/oras-go/v2/content/oci"
	"oras.land/oras-go/v2/errdef"
)

// Planned is one copy a dry run would make: the image, where it would go, the digest
// the source serves, and whether the destination holds that digest already (then the
// copy would move no blob).
type Planned struct {
	Copied
	Present bool
}

// PlanRegistry is ToRegistry as a dry run: each image resolved at its source and
// looked up at its mirrored name; nothing is written.
func (c *Copier) PlanRegistry(ctx context.Context, images []string, target registry.Target) ([]Planned, error) {
	return c.plan(ctx, images, func(r Ref) (oras.ReadOnlyTarget, string, error) {
		m := mirror(r, target)
		dst, err := c.Remote.Repository(m.Repo)
		return dst, m.Reference(), err
	}, func(r Ref) string { return mirror(r, target).String() })
}

// PlanLayout is ToLayout as a dry run: each image resolved at its source and looked
// up in the layout folder when it exists; nothing is locked or written.
func (c *Copier) PlanLayout(ctx context.Context, images []string, dir string) ([]Planned, error) {
	var store oras.ReadOnlyTarget
	if CheckLayout(dir) == nil {
		s, err := ocilayout.NewFromFS(ctx, os.DirFS(dir))
		if err != nil {
			return nil, &LayoutError{fmt.Errorf("reading OCI layout %s: %w", dir, err)}
		}
		store = s
	}
	return c.plan(ctx, images, func(r Ref) (oras.ReadOnlyTarget, string, error) { return store, layoutName(r), nil }, layoutName)
}

// plan resolves every image at its source and at the destination open gives.
func (c *Copier) plan(ctx context.Context, images []string, open func(Ref) (oras.ReadOnlyTarget, string, error), name func(Ref) string) ([]Planned, error) {
	if err := clashes(images, name); err != nil {
		return nil, err
	}
	var out []Planned
	for _, im := range images {
		r, src, err := c.source(im)
		if err != nil {
			return out, err
		}
		d, err := src.Resolve(ctx, r.Reference())
		if err != nil {
			return out, fmt.Errorf("resolving %s: %w", im, registry.Explain(err))
		}
		dst, ref, err := open(r)
		if err != nil {
			return out, err
		}
		present, err := holds(ctx, dst, ref, d.Digest)
		if err != nil {
			return out, fmt.Errorf("looking up %s: %w", name(r), registry.Explain(err))
		}
		out = append(out, Planned{Copied: Copied{Source: im, Dest: name(r), Digest: string(d.Digest)}, Present: present})
	}
	return out, nil
}

// holds reports whether dst serves ref with the digest want (a missing dst or ref: no).
func holds(ctx context.Context, dst oras.ReadOnlyTarget, ref string, want digest.Digest) (bool, error) {
	if dst == nil {
		return false, nil
	}
	d, err := dst.Resolve(ctx, ref)
	switch {
	case errors.Is(err, errdef.ErrNotFound):
		return false, nil
	case err != nil:
		return false, err
	}
	return d.Digest == want, nil
}

// PlanPush is PushLayout as a dry run: each tagged image of the layout looked up at
// target/<name>; nothing is written.
func (c *Copier) PlanPush(ctx context.Context, dir string, target registry.Target) ([]Planned, error) {
	store, names, err := layoutTags(ctx, dir)
	if err != nil {
		return nil, err
	}
	var out []Planned
	for _, n := range names {
		name, ref, ok := splitLayoutName(n)
		if !ok {
			return out, &LayoutError{fmt.Errorf("OCI layout %s: reference %q is not <name>:<tag> (not written by capirepo?)", dir, n)}
		}
		d, err := store.Resolve(ctx, n)
		if err != nil {
			return out, &LayoutError{fmt.Errorf("OCI layout %s: %s: %w", dir, n, err)}
		}
		dst, err := c.Remote.Repository(target.Repo(name))
		if err != nil {
			return out, err
		}
		present, err := holds(ctx, dst, ref, d.Digest)
		if err != nil {
			return out, fmt.Errorf("looking up %s: %w", target.Repo(name), registry.Explain(err))
		}
		out = append(out, Planned{Copied: Copied{Source: n, Dest: target.Repo(name) + sep(ref) + ref, Digest: string(d.Digest)}, Present: present})
	}
	return out, nil
}

// layoutTags opens a layout folder read-only and lists its tagged images.
func layoutTags(ctx context.Context, dir string) (*ocilayout.ReadOnlyStore, []string, error) {
	if err := CheckLayout(dir); err != nil {
		return nil, nil, err
	}
	store, err := ocilayout.NewFromFS(ctx, os.DirFS(dir))
	if err != nil {
		return nil, nil, &LayoutError{fmt.Errorf("reading OCI layout %s: %w", dir, err)}
	}
	var names []string
	err = store.Tags(ctx, "", func(tags []string) error { names = append(names, tags...); return nil })
	if err != nil {
		return nil, nil, &LayoutError{fmt.Errorf("listing OCI layout %s: %w", dir, err)}
	}
	if len(names) == 0 {
		return nil, nil, &LayoutError{fmt.Errorf("OCI layout %s holds no tagged image", dir)}
	}
	return store, names, nil
}
