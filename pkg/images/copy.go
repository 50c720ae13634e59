package images

import (
	"context"
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/registry"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2"
	"oras.land/oras-go/v2/registry/remote"
)

// Copier copies images with every platform and blob, skipping blobs the destination
// already holds, so an interrupted copy resumes where it stopped.
type Copier struct {
	Remote      registry.Remote
	Concurrency int                                                    // parallel blob transfers per image; 0: 4
	Progress    func(image string, d ocispec.Descriptor, skipped bool) // optional, called per blob and manifest
	Done        func()                                                 // optional, called when a copy call returns
	Finished    func(Copied)                                           // optional, called as each image is copied, before the next starts
}

// Copied is one image copied.
type Copied struct {
	Source string // the image as the release names it
	Dest   string // where it is now: REGISTRY/PATH/name:tag, or name:tag in a layout
	Digest string // the digest of the top manifest or index
}

// ToRegistry copies each image to target under its mirrored name.
func (c *Copier) ToRegistry(ctx context.Context, images []string, target registry.Target) ([]Copied, error) {
	return c.each(ctx, images, func(r Ref) (oras.Target, string, error) {
		m := mirror(r, target)
		dst, err := c.Remote.Repository(m.Repo)
		return dst, m.Reference(), err
	}, func(r Ref) string { return mirror(r, target).String() })
}

// each copies every image from its registry to the destination open(ref) returns.
func (c *Copier) each(ctx context.Context, images []string, open func(Ref) (oras.Target, string, error), name func(Ref) string) ([]Copied, error) {
	defer c.done()
	if err := clashes(images, name); err != nil {
		return nil, err
	}
	var out []Copied
	var errs []error
	for _, im := range images {
		if err := ctx.Err(); err != nil {
			return out, errors.Join(append(errs, err)...)
		}
		cp, err := c.one(ctx, im, open, name)
		if err != nil {
			errs = append(errs, err) // every failure is reported; the others are still copied
			continue
		}
		out = append(out, cp)
	}
	return out, errors.Join(errs...)
}

// one copies one image to the destination open(ref) returns.
func (c *Copier) one(ctx context.Context, im string, open func(Ref) (oras.Target, string, error), name func(Ref) string) (Copied, error) {
	r, src, err := c.source(im)
	if err != nil {
		return Copied{}, err
	}
	dst, dstRef, err := open(r)
	if err != nil {
		return Copied{}, err
	}
	d, err := c.copy(ctx, im, src, r.Reference(), dst, dstRef)
	if err != nil {
		return Copied{}, fmt.Errorf("copying %s to %s: %w", im, name(r), registry.Explain(err))
	}
	return c.finished(Copied{Source: im, Dest: name(r), Digest: string(d.Digest)}), nil
}

// finished reports one image copied (Finished) and returns it.
func (c *Copier) finished(d Copied) Copied {
	if c.Finished != nil {
		c.Finished(d)
	}
	return d
}

// copy runs oras.Copy: the whole graph (an index with every platform), blobs the
// destination has are skipped, the rest move in parallel.
func (c *Copier) copy(ctx context.Context, image string, src oras.ReadOnlyTarget, srcRef string, dst oras.Target, dstRef string) (ocispec.Descriptor, error) {
	opts := oras.CopyOptions{}
	opts.Concurrency = c.Concurrency
	if opts.Concurrency <= 0 {
		opts.Concurrency = 4
	}
	if c.Progress != nil {
		opts.PostCopy = func(_ context.Context, d ocispec.Descriptor) error { c.Progress(image, d, false); return nil }
		opts.OnCopySkipped = func(_ context.Context, d ocispec.Descriptor) error { c.Progress(image, d, true); return nil }
	}
	return oras.Copy(ctx, src, srcRef, dst, dstRef, opts)
}

// mirror is the image's name on a mirror: REGISTRY/PATH/<last path element>, with the
// same tag and digest, as clusterctl's `images: {all: {repository: REGISTRY/PATH}}` writes it.
func mirror(r Ref, target registry.Target) Ref {
	return Override{Repository: target.String()}.Apply(r)
}

func (c *Copier) done() {
	if c.Done != nil {
		c.Done()
	}
}

// clashes refuses two different images that get one destination name: the second copy
// would replace the first under it.
func clashes(images []string, name func(Ref) string) error {
	seen := map[string]Ref{}
	for _, im := range images {
		r, err := parse(im)
		if err != nil {
			return err
		}
		n := name(r)
		if prev, ok := seen[n]; ok && !sameImage(prev, r) {
			return &ClashError{Dest: n, Images: [2]string{prev.Image, im}}
		}
		seen[n] = r
	}
	return nil
}

// ClashError is two images that a mirror would store under one name.
type ClashError struct {
	Dest   string
	Images [2]string
}

func (e *ClashError) Error() string {
	return fmt.Sprintf("images %s and %s would both be copied to %s (the mirror keeps only the last path element and the tag, as clusterctl's images: override does): push one of them under another name or tag",
		e.Images[0], e.Images[1], e.Dest)
}

// sameImage: one repository and tag, and no two different pinned digests.
func sameImage(a, b Ref) bool {
	return a.Repo == b.Repo && a.Tag == b.Tag && (a.Digest == "" || b.Digest == "" || a.Digest == b.Digest)
}

// source parses an image reference and opens the repository it is read from.
func (c *Copier) source(im string) (Ref, *remote.Repository, error) {
	r, err := parse(im)
	if err != nil {
		return r, nil, err
	}
	src, err := c.Remote.Repository(r.Repo)
	return r, src, err
}
