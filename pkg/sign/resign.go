package sign

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	intoto "github.com/in-toto/attestation/go/v1"
	"github.com/opencontainers/go-digest"
	"github.com/sigstore/sigstore-go/pkg/bundle"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
)

// Resigner signs releases again for the OCI artifacts that carry them (publish oci
// and mirror --to-oci with --sign-key or --sign-keyless), with the artifact's
// manifest among the subjects. It signs only what it verified or derived itself:
//   - with Trust (the input trust: --verify-key, --certificate-*), the release's own
//     bundle must verify under it, name the release's provider and version and
//     cover every file with its sha256; its statement is signed again;
//   - without, the statement is re-derived from the files (provenance.Rederived):
//     the signature then vouches for these bytes as this provider version, not for
//     how they were built.
type Resigner struct {
	Signer  *Signer
	Trust   *Policy
	Builder string // capirepo's version, for re-derived statements
}

// Statement is the statement r is signed with for its artifact (before the
// artifact's subject is added). r holds the release files without the bundle;
// bundle is r's bundle (nil when r is unsigned). An error names the file at fault.
func (rs *Resigner) Statement(r *release.Release, bundle []byte) (*intoto.Statement, error) {
	if rs.Trust == nil {
		return provenance.Rederived(r, rs.Builder)
	}
	name := layout.BundleFile(r.Label(), r.Version.String())
	at := r.Dir() + "/"
	if bundle == nil {
		return nil, fmt.Errorf("%w: %s%s: missing: %s is not signed, so there is nothing to verify before signing it again; "+
			"sign the build (build --sign-key/--sign-keyless), or publish without the input trust flags to sign a statement re-derived from the files", ErrVerify, at, name, r)
	}
	st, err := Verify(at+name, bundle, *rs.Trust)
	if err != nil {
		return nil, fmt.Errorf("%w; it is not signed by the key or identity given (--verify-key, --certificate-*): nothing is signed again", err)
	}
	files := map[string][]byte{}
	for _, f := range r.Files {
		files[f.Name] = f.Data
	}
	reads := func(n string) bool { return layout.Reads(n, r.ComponentsFile) }
	if ps := provenance.Problems(st, r.Label(), r.Version.String(), files, reads); len(ps) > 0 {
		var msgs []string
		for _, p := range ps {
			if p.File == "" {
				p.File = name
			}
			msgs = append(msgs, at+p.String())
		}
		return nil, fmt.Errorf("%w: %s; nothing is signed again", ErrVerify, strings.Join(msgs, "; "))
	}
	return st, nil
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
	_, err := rs.Statement(r, bundle)
	return err
}

// Resign returns the bundle to attach to ref@subject: r's statement (Statement)
// with the manifest among its subjects, signed.
func (rs *Resigner) Resign(ctx context.Context, r *release.Release, bundle []byte, ref string, subject digest.Digest) ([]byte, error) {
	st, err := rs.restated(r, bundle, ref, subject)
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
	want, err := rs.restated(r, bundle, ref, subject)
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

func (rs *Resigner) restated(r *release.Release, bundle []byte, ref string, subject digest.Digest) ([]byte, error) {
	st, err := rs.Statement(r, bundle)
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
