package sign

import (
	"bytes"
	"context"
	"fmt"

	intoto "github.com/in-toto/attestation/go/v1"
	"github.com/opencontainers/go-digest"
	"github.com/sigstore/sigstore-go/pkg/bundle"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
)

// Resigner signs releases again for the OCI artifacts that carry them (publish oci
// and mirror --to-oci with --sign-key or --sign-keyless), with the artifact's
// manifest among the subjects. It signs only what it verified or derived itself.
// A release's own bundle is first held against its files without a key (matches);
// then it must verify under the input trust: Trust when given (--verify-key,
// --certificate-*), else the signer's own key or identity (Signer.Own: the release
// key usually signed the build). Its statement is then signed again. Otherwise:
//   - an unsigned release gets a statement re-derived from its files
//     (provenance.Rederived), unless Trust is given, which wants a bundle;
//   - a bundle that does not verify is refused, unless Rederive (no Trust): the
//     statement is then re-derived from the files. Either re-derived signature
//     vouches for these bytes as this provider version, not for how they were built.
type Resigner struct {
	Signer   *Signer
	Trust    *Policy
	Rederive bool   // re-derive over a bundle that does not verify (--rederive)
	Builder  string // capirepo's version, for re-derived statements
}

// Statement is the statement r is signed with for its artifact (before the
// artifact's subject is added). r holds the release files without the bundle;
// bundle is r's bundle (nil when r is unsigned). An error names the file at fault.
func (rs *Resigner) Statement(ctx context.Context, r *release.Release, bundle []byte) (*intoto.Statement, error) {
	name := layout.BundleFile(r.Label(), r.Version.String())
	at := r.Dir() + "/"
	switch {
	case bundle == nil && rs.Trust == nil:
		return provenance.Rederived(r, rs.Builder)
	case bundle == nil:
		return nil, fmt.Errorf("%w: %s%s: missing: %s is not signed, so there is nothing to verify before signing it again; "+
			"sign the build (build --sign-key/--sign-keyless), or publish without the input trust flags to sign a statement re-derived from the files", ErrVerify, at, name, r)
	}
	files := map[string][]byte{}
	for _, f := range r.Files {
		files[f.Name] = f.Data
	}
	if err := matches(r, name, bundle, files); err != nil {
		return nil, fmt.Errorf("%w; nothing is signed again", err)
	}
	return rs.verified(ctx, r, at+name, bundle)
}

// verified is the statement of a bundle that matches its files (so its statement,
// once verified, is the one matches held against them), verified under the input
// trust; or, with Rederive, the statement re-derived from the files when it does not.
func (rs *Resigner) verified(ctx context.Context, r *release.Release, name string, bundle []byte) (*intoto.Statement, error) {
	if rs.Trust != nil {
		st, err := Verify(name, bundle, *rs.Trust)
		if err != nil {
			return nil, fmt.Errorf("%w; it is not signed by the key or identity given (--verify-key, --certificate-*): nothing is signed again", err)
		}
		return st, nil
	}
	own, err := rs.Signer.Own(ctx)
	if err != nil {
		return nil, err
	}
	st, err := Verify(name, bundle, *own)
	switch {
	case err == nil:
		return st, nil
	case rs.Rederive:
		return provenance.Rederived(r, rs.Builder)
	}
	return nil, fmt.Errorf("%w; it is not signed by the signing key itself (--sign-key's public key, or --sign-keyless's identity), which it must be "+
		"without --verify-key: nothing is signed again; give the key or identity that signed the build (--verify-key, --certificate-*), or "+
		"--rederive to sign a statement re-derived from the files: you vouch for these bytes now, not the build", err)
}

// Check refuses a release whose statement cannot be signed again (Statement), before
// anything is written; and fails when this signer cannot tell its own earlier
// signatures (Signer.Own: Fulcio or the OIDC token failed, no trusted root), which
// Holder would otherwise take for absent.
func (rs *Resigner) Check(ctx context.Context, r *release.Release, bundle []byte) error {
	if _, err := rs.Signer.Own(ctx); err != nil {
		return fmt.Errorf("signing %s again: this signer's identity, which recognises its signatures of an earlier run, is unknown: %w; "+
			"nothing was read or written: check the OIDC token and Fulcio (--fulcio-url), and the trusted root (--trusted-root)", r, err)
	}
	_, err := rs.Statement(ctx, r, bundle)
	return err
}

// Resign returns the bundle to attach to ref@subject: r's statement (Statement)
// with the manifest among its subjects, signed.
func (rs *Resigner) Resign(ctx context.Context, r *release.Release, bundle []byte, ref string, subject digest.Digest) ([]byte, error) {
	st, err := rs.restated(ctx, r, bundle, ref, subject)
	if err != nil {
		return nil, err
	}
	return rs.Signer.Sign(ctx, st)
}

// Holder returns what tells, for each existing bundle (a referrer of ref@subject),
// what it holds for r: mine is true when it is this signer's signature (Signer.Own)
// of a statement about r's provider and version, same when it also signs exactly
// the statement Resign would sign. A bundle of anyone else is not mine: it never
// stands for this signer's; nor is this signer's signature of another release of
// the artifact (--bundle). That statement is derived once, for every referrer.
func (rs *Resigner) Holder(ctx context.Context, r *release.Release, bundle []byte, ref string, subject digest.Digest) func(existing []byte) (mine, same bool) {
	own, err := rs.Signer.Own(ctx)
	if err != nil {
		return func([]byte) (bool, bool) { return false, false }
	}
	want, err := rs.restated(ctx, r, bundle, ref, subject)
	return func(existing []byte) (bool, bool) {
		st, verr := Verify("referrer", existing, *own)
		if verr != nil || !about(st, r) {
			return false, false
		}
		return true, err == nil && bytes.Equal(payload(existing), want)
	}
}

// about tells whether a verified statement is provenance of r's provider and version.
func about(st *intoto.Statement, r *release.Release) bool {
	return len(provenance.Problems(st, r.Label(), r.Version.String(), nil, func(string) bool { return false })) == 0
}

func (rs *Resigner) restated(ctx context.Context, r *release.Release, bundle []byte, ref string, subject digest.Digest) ([]byte, error) {
	st, err := rs.Statement(ctx, r, bundle)
	if err != nil {
		return nil, err
	}
	return Restate(st, &intoto.ResourceDescriptor{Name: ref, Digest: map[string]string{subject.Algorithm().String(): subject.Encoded()}})
}

// payload is the statement a bundle's DSSE envelope signs (nil when none).
func payload(b []byte) []byte {
	bd := &bundle.Bundle{}
	if bd.UnmarshalJSON(b) != nil || bd.GetDsseEnvelope() == nil {
		return nil
	}
	return bd.GetDsseEnvelope().GetPayload()
}
