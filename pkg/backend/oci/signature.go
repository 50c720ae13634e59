package oci

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"oras.land/oras-go/v2/content"
)

// Resigner signs a release's bundle again for the artifact it is attached to.
// pkg/sign provides one (the CLI wires it); this package stays free of signing code.
type Resigner interface {
	// Resign returns the bundle to attach to ref@subject: the statement of the build's
	// bundle (file name, bytes) signed again with the manifest among its subjects,
	// which `cosign verify-attestation` requires.
	Resign(ctx context.Context, name string, bundle []byte, ref string, subject digest.Digest) ([]byte, error)
}

// bundleFile is the name of a release's sigstore bundle file (layout.BundleFile). In
// an OCI artifact it is no layer but a referrer of the artifact.
func bundleFile(r *release.Release) string { return layout.BundleFile(r.Label(), r.Version.String()) }

// withoutBundle returns a copy of r without its bundle file, and the bundle (nil when
// r is not signed). r itself is not changed: other destinations of a run share it.
func withoutBundle(r *release.Release) (*release.Release, []byte) {
	name := bundleFile(r)
	if r.File(name) == nil {
		return r, nil
	}
	c := *r
	c.Files = nil
	var b []byte
	for _, f := range r.Files {
		if f.Name == name {
			b = f.Data
			continue
		}
		c.Files = append(c.Files, f)
	}
	return &c, b
}

// predicateType is the predicate type of the in-toto statement a DSSE bundle signs.
func predicateType(name string, b []byte) (string, error) {
	var bundle struct {
		DSSE *struct{ Payload []byte } `json:"dsseEnvelope"`
	}
	var st struct{ PredicateType string }
	if err := json.Unmarshal(b, &bundle); err != nil || bundle.DSSE == nil {
		return "", fmt.Errorf("%s is not a sigstore bundle with a DSSE envelope", name)
	}
	if err := json.Unmarshal(bundle.DSSE.Payload, &st); err != nil || st.PredicateType == "" {
		return "", fmt.Errorf("%s: the signed payload is not an in-toto statement", name)
	}
	return st.PredicateType, nil
}

// attach attaches each release's bundle to the pushed artifact (subject) as a
// referrer, signed again first when the publisher has a Resigner.
func (p *Publisher) attach(ctx context.Context, repo Repo, j *job, subject ocispec.Descriptor) error {
	for _, r := range j.rels {
		b := j.bundles[r]
		if b == nil {
			continue
		}
		if err := p.attachOne(ctx, repo, j, r, b, subject); err != nil {
			return fmt.Errorf("attaching the signature of %s to %s: %w", r, j.Ref(), err)
		}
	}
	return nil
}

func (p *Publisher) attachOne(ctx context.Context, repo Repo, j *job, r *release.Release, b []byte, subject ocispec.Descriptor) error {
	name := bundleFile(r)
	pt, err := predicateType(name, b)
	if err != nil {
		return err
	}
	if p.opts.Resign != nil {
		if b, err = p.opts.Resign.Resign(ctx, name, b, j.repo, subject.Digest); err != nil {
			return err
		}
	}
	_, err = attachBundle(ctx, repo, subject, b, pt)
	return err
}

// attached reports, per release of j, whether its bundle is already a referrer of
// the artifact the tag points at (have): the identical bundle, or, with a Resigner
// (whose signatures differ on every run), any sigstore bundle referrer.
func (p *Publisher) attached(ctx context.Context, repo referrerRepo, j *job, have ocispec.Descriptor) (map[*release.Release]bool, error) {
	out := map[*release.Release]bool{}
	if len(j.bundles) == 0 {
		return out, nil
	}
	layers := map[digest.Digest]bool{}
	some := false
	err := repo.Referrers(ctx, have, SigstoreBundleType, func(ds []ocispec.Descriptor) error {
		for _, d := range ds {
			some = true
			if l, ok := bundleLayer(ctx, repo, d); ok {
				layers[l] = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing the referrers of %s: %w", j.Ref(), Explain(err))
	}
	for r, b := range j.bundles {
		out[r] = layers[digest.FromBytes(b)] || (p.opts.Resign != nil && some)
	}
	return out, nil
}

// referrerRepo reads a manifest's referrers and their content.
type referrerRepo interface {
	content.Fetcher
	Referrers(ctx context.Context, desc ocispec.Descriptor, artifactType string, fn func([]ocispec.Descriptor) error) error
}

// bundleLayer is the digest of a bundle referrer's one layer.
func bundleLayer(ctx context.Context, repo content.Fetcher, d ocispec.Descriptor) (digest.Digest, bool) {
	if d.Size > maxBundle {
		return "", false
	}
	raw, err := content.FetchAll(ctx, repo, d)
	var m ocispec.Manifest
	if err != nil || json.Unmarshal(raw, &m) != nil || len(m.Layers) != 1 {
		return "", false
	}
	return m.Layers[0].Digest, true
}
