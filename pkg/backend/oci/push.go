package oci

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"
	"oras.land/oras-go/v2/errdef"
	"oras.land/oras-go/v2/registry"
)

// Repo is what publishing needs of a registry repository (remote.Repository fits).
type Repo interface {
	content.Storage
	registry.ReferencePusher
	content.Resolver
}

// push uploads the blobs the repository lacks, then the manifest under its tag, so the
// tag never points at a manifest with missing layers.
func push(ctx context.Context, repo Repo, a *Artifact) error {
	for _, d := range a.blobDescs() {
		ok, err := repo.Exists(ctx, d)
		if err != nil {
			return fmt.Errorf("checking blob %s: %w", d.Digest, err)
		}
		if ok {
			continue
		}
		if err := repo.Push(ctx, d, bytes.NewReader(a.Blobs[d.Digest])); err != nil && !errors.Is(err, errdef.ErrAlreadyExists) {
			return fmt.Errorf("pushing blob %s: %w", d.Digest, err)
		}
	}
	if err := repo.PushReference(ctx, a.Desc, bytes.NewReader(a.Manifest), a.Tag); err != nil {
		return fmt.Errorf("pushing manifest %s: %w", a.Tag, err)
	}
	return nil
}

// blobDescs lists the config and each distinct layer blob once.
func (a *Artifact) blobDescs() []ocispec.Descriptor {
	out := []ocispec.Descriptor{ocispec.DescriptorEmptyJSON}
	seen := map[digest.Digest]bool{ocispec.DescriptorEmptyJSON.Digest: true}
	for _, l := range a.Layers {
		if !seen[l.Desc.Digest] {
			seen[l.Desc.Digest] = true
			out = append(out, ocispec.Descriptor{MediaType: l.Desc.MediaType, Digest: l.Desc.Digest, Size: l.Desc.Size})
		}
	}
	return out
}
