package oci

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"
	"oras.land/oras-go/v2/errdef"
)

// SigstoreBundleType is the media type of a sigstore bundle, and the artifactType of
// the referrer that carries it (as cosign v3 stores attestations).
const SigstoreBundleType = "application/vnd.dev.sigstore.bundle.v0.3+json"

// attachBundle pushes a sigstore bundle as an OCI 1.1 referrer of subject: a manifest
// with artifactType SigstoreBundleType, the empty config, the bundle as its one layer
// and the predicate type annotated, so `cosign verify-attestation` finds it. It
// returns the referrer's descriptor.
func attachBundle(ctx context.Context, repo Repo, subject ocispec.Descriptor, bundle []byte, predicateType string) (ocispec.Descriptor, error) {
	layer := ocispec.Descriptor{MediaType: SigstoreBundleType, Digest: digest.FromBytes(bundle), Size: int64(len(bundle))}
	m := ocispec.Manifest{
		MediaType:    ocispec.MediaTypeImageManifest,
		ArtifactType: SigstoreBundleType,
		Config:       ocispec.DescriptorEmptyJSON,
		Layers:       []ocispec.Descriptor{layer},
		Subject:      &ocispec.Descriptor{MediaType: subject.MediaType, Digest: subject.Digest, Size: subject.Size},
		Annotations:  map[string]string{"dev.sigstore.bundle.content": "dsse-envelope", "dev.sigstore.bundle.predicateType": predicateType},
	}
	m.SchemaVersion = 2
	raw, err := json.Marshal(m)
	if err != nil {
		return ocispec.Descriptor{}, err
	}
	for _, b := range []struct {
		d    ocispec.Descriptor
		data []byte
	}{{ocispec.DescriptorEmptyJSON, ocispec.DescriptorEmptyJSON.Data}, {layer, bundle}} {
		if err := repo.Push(ctx, b.d, bytes.NewReader(b.data)); err != nil && !errors.Is(err, errdef.ErrAlreadyExists) {
			return ocispec.Descriptor{}, fmt.Errorf("pushing the signature bundle: %w", registry.Explain(err))
		}
	}
	desc := ocispec.Descriptor{MediaType: ocispec.MediaTypeImageManifest, ArtifactType: SigstoreBundleType, Digest: digest.FromBytes(raw), Size: int64(len(raw))}
	if err := repo.Push(ctx, desc, bytes.NewReader(raw)); err != nil && !errors.Is(err, errdef.ErrAlreadyExists) {
		return ocispec.Descriptor{}, fmt.Errorf("pushing the signature referrer: %w", registry.Explain(err))
	}
	return desc, nil
}

// Bundles returns the sigstore bundles attached to the version's artifact as
// referrers (AttachBundle), oldest listing order first; none is an empty list.
func (r *Reader) Bundles(ctx context.Context, version string) ([][]byte, error) {
	repo, err := r.remote.Repository(r.repo)
	if err != nil {
		return nil, err
	}
	subject, err := repo.Resolve(ctx, version)
	if err != nil {
		return nil, fmt.Errorf("resolving %s:%s: %w", r.repo, version, registry.Explain(err))
	}
	var refs []ocispec.Descriptor
	lctx, listing := httpx.NewListing(ctx, "listing the referrers of "+r.repo+":"+version, maxReferrers)
	err = repo.Referrers(lctx, subject, SigstoreBundleType, func(ds []ocispec.Descriptor) error {
		refs = append(refs, ds...)
		return listing.Add(len(ds))
	})
	if err != nil {
		return nil, fmt.Errorf("listing the referrers of %s:%s: %w", r.repo, version, registry.Explain(err))
	}
	var out [][]byte
	ctx = httpx.WithAnswerCap(ctx, maxBundle)
	for _, d := range refs {
		if d.Size > maxBundle {
			continue
		}
		raw, err := content.FetchAll(ctx, repo, d)
		if err != nil {
			return nil, fmt.Errorf("reading referrer %s: %w", d.Digest, registry.Explain(err))
		}
		var m ocispec.Manifest
		if err := json.Unmarshal(raw, &m); err != nil || len(m.Layers) != 1 || m.Layers[0].Size > maxBundle {
			continue
		}
		b, err := content.FetchAll(ctx, repo, m.Layers[0])
		if err != nil {
			return nil, fmt.Errorf("reading the bundle of referrer %s: %w", d.Digest, registry.Explain(err))
		}
		out = append(out, b)
	}
	return out, nil
}

// maxBundle caps a bundle read from a registry (a real one is a few KiB);
// maxReferrers the signatures of one artifact (a real one has one or two).
const (
	maxBundle    = 4 << 20
	maxReferrers = 100
)
