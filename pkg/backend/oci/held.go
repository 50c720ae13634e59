package oci

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/opencontainers/go-digest"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// signature is what the referrers of an artifact hold of one release's signature.
type signature struct {
	held  string               // sha256 to hold as the bundle file ("" when absent)
	stale []ocispec.Descriptor // this signer's referrers of another statement: replaced ones go
}

// attached reads, per release of j, what the sigstore bundle referrers of the
// artifact the tag points at (have) hold of its signature. Without a Resigner: the
// build's bundle itself (by digest). With one: a signature of this signer
// (Resigner.Holder) of the statement it would sign is held as the release's bundle
// file (a skip); one of another statement is held as that referrer (replaced or
// refused as the plan says); none is no file (put or refused as the plan says).
// Referrers of anyone else (an unsigned publish, a mirror, another key, an
// attacker) never count.
func (p *Publisher) attached(ctx context.Context, repo referrerRepo, j *job, have ocispec.Descriptor) (map[*release.Release]signature, error) {
	out := map[*release.Release]signature{}
	var refs []ocispec.Descriptor
	err := repo.Referrers(ctx, have, SigstoreBundleType, func(ds []ocispec.Descriptor) error { refs = append(refs, ds...); return nil })
	if err != nil {
		return nil, fmt.Errorf("listing the referrers of %s: %w", j.Ref(), registry.Explain(err))
	}
	if len(refs) == 0 {
		return out, nil
	}
	holders := p.holders(ctx, j)
	for _, d := range refs {
		layer, b, ok := bundleOf(ctx, repo, d, p.opts.Resign != nil)
		if !ok {
			continue
		}
		for _, r := range j.rels {
			out[r] = p.holds(r, out[r], d, layer, b, holders[r])
		}
	}
	return out, nil
}

// holders are, with a Resigner, each release's Resigner.Holder: its statement is
// derived once, not once per referrer.
func (p *Publisher) holders(ctx context.Context, j *job) map[*release.Release]func([]byte) (bool, bool) {
	out := map[*release.Release]func([]byte) (bool, bool){}
	if p.opts.Resign == nil {
		return out
	}
	for _, r := range j.rels {
		c, b := withoutBundle(r)
		out[r] = p.opts.Resign.Holder(ctx, c, b, j.repo, j.art.Desc.Digest)
	}
	return out
}

// holds adds one referrer (d: its layer's digest and bytes) to what s knew of r's
// signature; holder is r's Resigner.Holder (nil without a Resigner).
func (p *Publisher) holds(r *release.Release, s signature, d ocispec.Descriptor, layer digest.Digest, b []byte, holder func([]byte) (bool, bool)) signature {
	file := r.File(bundleFile(r))
	if file == nil || s.held == file.SHA256() {
		return s
	}
	if p.opts.Resign == nil {
		if layer == digest.FromBytes(file.Data) {
			s.held = file.SHA256()
		}
		return s
	}
	switch mine, same := holder(b); {
	case same:
		s.held = file.SHA256()
	case mine: // held as the referrer's manifest digest: never the bundle file's
		s.held = d.Digest.Encoded()
		s.stale = append(s.stale, d)
	}
	return s
}
