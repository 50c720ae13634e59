package cli

import (
	"context"

	"github.com/sigstore/sigstore-go/pkg/root"

	"github.com/capirepo/capirepo/pkg/sign"
)

// newResigner is the oci destination's Resigner for --sign-key/--sign-keyless (publish
// oci, mirror --to-oci): each release's statement is signed again with the
// artifact's manifest among the subjects, which `cosign verify-attestation` requires.
// With the input trust flags (trust: --verify-key, --certificate-*) the statement is
// the release's own bundle's, verified with every file first; without, it is
// re-derived from the files (what names them), which a note says. nil without --sign-*.
func newResigner(ctx context.Context, io streams, s *signFlags, trust *sigFlags, what string) (*sign.Resigner, error) {
	if !s.on() {
		return nil, nil
	}
	policy, err := trust.policy()
	if err != nil {
		return nil, err
	}
	var tr root.TrustedMaterial
	if s.keyless { // to recognise its own signatures of an earlier run
		if policy != nil && policy.TrustedRoot != nil {
			tr = policy.TrustedRoot
		} else if tr, err = sign.LoadTrustedRoot(trust.trustedRoot); err != nil {
			return nil, withCode(ExitPublish, err)
		}
	}
	signer, err := s.signerWith(ctx, io, tr)
	if err != nil {
		return nil, err
	}
	if policy == nil {
		io.logf("note: no --verify-key or --certificate-identity given: the statements signed for the artifacts are re-derived from %s, "+
			"not carried over from their bundles; each signature says these files are this provider version, not how they were built", what)
	}
	return &sign.Resigner{Signer: signer, Trust: policy, Builder: io.capirepo().Version}, nil
}
