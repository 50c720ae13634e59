package cli

import (
	"context"
	"errors"

	"github.com/sigstore/sigstore-go/pkg/root"

	"github.com/capirepo/capirepo/pkg/sign"
)

// newResigner is the oci destination's Resigner for --sign-key/--sign-keyless (publish
// oci, mirror --to-oci): each release's statement is signed again with the
// artifact's manifest among the subjects, which `cosign verify-attestation` requires.
// Its bundle must verify under the input trust flags (trust: --verify-key,
// --certificate-*), by default under the signing key itself; --rederive (only
// without trust) signs a statement re-derived from the files where it does not, as
// for an unsigned release (what names them), which a note says. nil without --sign-*.
func newResigner(ctx context.Context, io streams, s *signFlags, trust *sigFlags, what string) (*sign.Resigner, error) {
	if !s.on() {
		if s.rederive {
			return nil, usageErr(errors.New("--rederive is about signing again: give --sign-key or --sign-keyless"))
		}
		return nil, nil
	}
	policy, err := trust.policy()
	if err != nil {
		return nil, err
	}
	if policy != nil && s.rederive {
		return nil, usageErr(errors.New("--rederive signs over bundles that do not verify; with --verify-key or --certificate-* they must verify: give one or the other"))
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
		orElse := ""
		if s.rederive {
			orElse = " (else, with --rederive, its statement is re-derived from the files: you vouch for these bytes now, not the build)"
		}
		io.logf("note: no --verify-key or --certificate-identity given: each bundle of %s must verify under the signing key itself%s; "+
			"an unsigned release is signed with a statement re-derived from its files, which says these files are this provider version, not how they were built", what, orElse)
	}
	return &sign.Resigner{Signer: signer, Trust: policy, Rederive: s.rederive, Builder: io.capirepo().Version}, nil
}
