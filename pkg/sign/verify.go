package sign

import (
	"crypto"
	"errors"
	"fmt"
	"time"

	intoto "github.com/in-toto/attestation/go/v1"
	"github.com/sigstore/sigstore-go/pkg/bundle"
	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/sigstore/sigstore-go/pkg/verify"
	"github.com/sigstore/sigstore/pkg/signature"
)

// Policy says whom to trust: a public key, or a certificate identity (exact or
// regular expression) issued for an OIDC issuer under a trusted root.
type Policy struct {
	Key crypto.PublicKey // key-based bundles

	Identity, IdentityRegexp string               // keyless: the certificate's subject (SAN)
	Issuer, IssuerRegexp     string               // keyless: the OIDC issuer
	TrustedRoot              root.TrustedMaterial // keyless: Fulcio, Rekor and CT keys
}

// ErrVerify marks a bundle that does not verify under the policy.
var ErrVerify = errors.New("signature verification failed")

// Verify checks a bundle's signature under the policy and returns the signed
// in-toto statement. name is the bundle file for messages.
func Verify(name string, bundleJSON []byte, p Policy) (*intoto.Statement, error) {
	b := &bundle.Bundle{}
	if err := b.UnmarshalJSON(bundleJSON); err != nil {
		return nil, fmt.Errorf("%w: %s is not a sigstore bundle: %v", ErrVerify, name, err)
	}
	v, policy, err := p.verifier()
	if err != nil {
		return nil, err
	}
	res, err := v.Verify(b, policy)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrVerify, name, err)
	}
	if res.Statement == nil {
		return nil, fmt.Errorf("%w: %s signs no in-toto statement", ErrVerify, name)
	}
	return res.Statement, nil
}

func (p Policy) verifier() (*verify.Verifier, verify.PolicyBuilder, error) {
	if p.Key != nil {
		return p.keyVerifier()
	}
	if p.TrustedRoot == nil || (p.Identity == "" && p.IdentityRegexp == "") || (p.Issuer == "" && p.IssuerRegexp == "") {
		return nil, verify.PolicyBuilder{}, errors.New("verification needs a public key, or a certificate identity, an OIDC issuer and a trusted root")
	}
	id, err := verify.NewShortCertificateIdentity(p.Issuer, p.IssuerRegexp, p.Identity, p.IdentityRegexp)
	if err != nil {
		return nil, verify.PolicyBuilder{}, err
	}
	opts := []verify.VerifierOption{verify.WithTransparencyLog(1), verify.WithIntegratedTimestamps(1)}
	if len(p.TrustedRoot.CTLogs()) > 0 {
		opts = append(opts, verify.WithSignedCertificateTimestamps(1))
	}
	v, err := verify.NewVerifier(p.TrustedRoot, opts...)
	return v, verify.NewPolicy(verify.WithoutArtifactUnsafe(), verify.WithCertificateIdentity(id)), err
}

// keyVerifier trusts one public key, whatever hint the bundle gives, at any time.
func (p Policy) keyVerifier() (*verify.Verifier, verify.PolicyBuilder, error) {
	sv, err := signature.LoadDefaultVerifier(p.Key)
	if err != nil {
		return nil, verify.PolicyBuilder{}, fmt.Errorf("public key: %w", err)
	}
	key := root.NewExpiringKey(sv, time.Time{}, time.Time{})
	tm := root.NewTrustedPublicKeyMaterial(func(string) (root.TimeConstrainedVerifier, error) { return key, nil })
	v, err := verify.NewVerifier(tm, verify.WithNoObserverTimestamps())
	return v, verify.NewPolicy(verify.WithoutArtifactUnsafe(), verify.WithKey()), err
}
