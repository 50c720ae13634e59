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

// Resigner signs a release again for the artifact it is published as. pkg/sign
// provides one (sign.Resigner; the CLI wires it); this package stays free of signing
// code. r is the release without its bundle, bundle its bundle (nil when unsigned).
type Resigner interface {
	// Check refuses, before anything is read or written, a release whose statement
	// cannot be signed again (a file differs from its bundle, or the bundle does not
	// verify under the input trust, by default the signing key itself); the error
	// names the file.
	Check(ctx context.Context, r *release.Release, bundle []byte) error
	// Resign returns the bundle to attach to ref@subject: the release's statement
	// with the manifest among its subjects, which `cosign verify-attestation`
	// requires, signed.
	Resign(ctx context.Context, r *release.Release, bundle []byte, ref string, subject digest.Digest) ([]byte, error)
	// Holder returns what tells whether existing (a referrer's bundle) is this
	// signer's signature of r (mine: never of another release of a --bundle
	// artifact) and whether it signs exactly what Resign would (same); what that
	// takes of r (verifying its bundle, deriving its statement) is done once for
	// every referrer.
	Holder(ctx context.Context, r *release.Release, bundle []byte, ref string, subject digest.Digest) func(existing []byte) (mine, same bool)
}

// bundleFile is the name of a release's sigstore bundle file (layout.BundleFile). In
// an OCI artifact it is no layer but a referrer of the artifact.
func bundleFile(r *release.Release) string { return layout.BundleFile(r.Label(), r.Version.String()) }

// unsigned is the stand-in Select gives an unsigned release for the signature a
// Resigner makes for its artifact: a file of the plan, never attached.
const unsigned = "no signature bundle: one is signed for the artifact when it is published\n"

// Select gives, with a Resigner, each release without a bundle the stand-in
// (unsigned) for the signature Apply makes, so the plan has a step for it (put, skip,
// replace or refuse like any file). Releases of set are not changed.
func (p *Publisher) Select(set *release.Set) *release.Set {
	if p.opts.Resign == nil {
		return set
	}
	out := *set
	out.Releases = nil
	for _, r := range set.Releases {
		if r.File(bundleFile(r)) == nil {
			c := *r
			c.Files = append(append([]release.File(nil), r.Files...), release.File{Name: bundleFile(r), Data: []byte(unsigned)})
			c.Sort()
			r = &c
		}
		out.Releases = append(out.Releases, r)
	}
	return &out
}

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
	if string(b) == unsigned {
		b = nil
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

// attach attaches the signature of each release whose signature step writes (signs)
// to the pushed artifact (subject) as a referrer: the build's bundle, or with a
// Resigner one signed for the artifact; a signature it replaces is then removed.
func (p *Publisher) attach(ctx context.Context, repo Repo, j *job, subject ocispec.Descriptor, signs func(*release.Release) bool) error {
	for _, r := range j.rels {
		c, b := withoutBundle(r)
		if !signs(r) || (b == nil && p.opts.Resign == nil) {
			continue
		}
		if err := p.attachOne(ctx, repo, j, c, b, subject); err != nil {
			return fmt.Errorf("attaching the signature of %s to %s: %w", r, j.Ref(), err)
		}
	}
	return nil
}

func (p *Publisher) attachOne(ctx context.Context, repo Repo, j *job, r *release.Release, b []byte, subject ocispec.Descriptor) error {
	var err error
	if p.opts.Resign != nil {
		if b, err = p.opts.Resign.Resign(ctx, r, b, j.repo, subject.Digest); err != nil {
			return err
		}
	}
	pt, err := predicateType(bundleFile(r), b)
	if err != nil {
		return err
	}
	_, err = attachBundle(ctx, repo, subject, b, pt)
	return err
}

// referrerRepo reads a manifest's referrers and their content.
type referrerRepo interface {
	content.Fetcher
	Referrers(ctx context.Context, desc ocispec.Descriptor, artifactType string, fn func([]ocispec.Descriptor) error) error
}

// bundleOf is a bundle referrer's one layer: its digest, and its bytes when fetched.
func bundleOf(ctx context.Context, repo content.Fetcher, d ocispec.Descriptor, fetch bool) (digest.Digest, []byte, bool) {
	if d.Size > maxBundle {
		return "", nil, false
	}
	raw, err := content.FetchAll(ctx, repo, d)
	var m ocispec.Manifest
	if err != nil || json.Unmarshal(raw, &m) != nil || len(m.Layers) != 1 || m.Layers[0].Size > maxBundle {
		return "", nil, false
	}
	if !fetch {
		return m.Layers[0].Digest, nil, true
	}
	b, err := content.FetchAll(ctx, repo, m.Layers[0])
	return m.Layers[0].Digest, b, err == nil
}
