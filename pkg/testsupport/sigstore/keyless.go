package sigstore

import (
	"bytes"
	"context"
	"crypto"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	protobundle "github.com/sigstore/protobuf-specs/gen/pb-go/bundle/v1"
	protorekor "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	"github.com/sigstore/sigstore-go/pkg/root"
	sgsign "github.com/sigstore/sigstore-go/pkg/sign"
	"github.com/sigstore/sigstore-go/pkg/testing/ca"
	"github.com/sigstore/sigstore-go/pkg/tlog"
	"github.com/sigstore/sigstore/pkg/cryptoutils"
)

// Keyless is an offline Sigstore: a Fulcio (an http.RoundTripper issuing a certificate
// for Identity and Issuer to whatever key asks) and a Rekor (sigstore-go's virtual
// log), with the trusted root that verifies what they issue.
type Keyless struct {
	Identity, Issuer string
	Fulcio           sgsign.CertificateProvider
	Rekor            sgsign.Transparency
	TrustedRoot      *root.TrustedRoot

	virtual  *ca.VirtualSigstore
	inter    *x509.Certificate
	interKey crypto.Signer
}

// NewKeyless builds the offline Sigstore.
func NewKeyless(t testing.TB, identity, issuer string) *Keyless {
	t.Helper()
	v, err := ca.NewVirtualSigstore()
	if err != nil {
		t.Fatal(err)
	}
	rootCert, rootKey, err := ca.GenerateRootCa()
	if err != nil {
		t.Fatal(err)
	}
	inter, interKey, err := ca.GenerateFulcioIntermediate(rootCert, rootKey)
	if err != nil {
		t.Fatal(err)
	}
	k := &Keyless{Identity: identity, Issuer: issuer, virtual: v, inter: inter, interKey: interKey}
	k.Fulcio = sgsign.NewFulcio(&sgsign.FulcioOptions{BaseURL: "https://fulcio.invalid", Transport: fulcioFunc(k.issue)})
	k.Rekor = rekorFunc(k.log)
	fulcioCA := &root.FulcioCertificateAuthority{Root: rootCert, Intermediates: []*x509.Certificate{inter},
		ValidityPeriodStart: time.Now().Add(-time.Hour), URI: "https://fulcio.invalid"}
	k.TrustedRoot, err = root.NewTrustedRoot(root.TrustedRootMediaType01, []root.CertificateAuthority{fulcioCA}, nil, nil, v.RekorLogs())
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// Token is an unsigned OIDC token naming the identity (the fake Fulcio trusts it).
func (k *Keyless) Token() string {
	claims, _ := json.Marshal(map[string]any{"sub": k.Identity, "email": k.Identity, "email_verified": true, "iss": k.Issuer})
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"none"}`)) + "." + enc(claims) + ".sig"
}

// issue answers Fulcio's /api/v2/signingCert with a leaf for the requested key.
func (k *Keyless) issue(req *http.Request) (*http.Response, error) {
	var body struct {
		PublicKeyRequest struct {
			PublicKey struct{ Content string } `json:"publicKey"`
		} `json:"publicKeyRequest"`
	}
	if err := json.NewDecoder(req.Body).Decode(&body); err != nil {
		return nil, err
	}
	pub, err := cryptoutils.UnmarshalPEMToPublicKey([]byte(body.PublicKeyRequest.PublicKey.Content))
	if err != nil {
		return nil, err
	}
	leaf, err := ca.GenerateLeafCert(k.Identity, k.Issuer, time.Now().Add(-time.Minute), publicOnly{pub}, k.inter, k.interKey)
	if err != nil {
		return nil, err
	}
	chain := []string{string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: leaf.Raw}))}
	out, _ := json.Marshal(map[string]any{"signedCertificateEmbeddedSct": map[string]any{"chain": map[string]any{"certificates": chain}}})
	return &http.Response{StatusCode: 200, Body: io.NopCloser(bytes.NewReader(out)), Header: http.Header{}}, nil
}

// log records the bundle's DSSE envelope in the virtual Rekor.
func (k *Keyless) log(_ context.Context, certPEM []byte, b *protobundle.Bundle) error {
	env := b.GetDsseEnvelope()
	if env == nil || len(env.Signatures) == 0 {
		return errors.New("fake rekor: no DSSE envelope")
	}
	leaf, err := cryptoutils.UnmarshalCertificatesFromPEM(certPEM)
	if err != nil || len(leaf) == 0 {
		return errors.New("fake rekor: no certificate")
	}
	sig := env.Signatures[0].Sig
	e := &dsse.Envelope{PayloadType: env.PayloadType, Payload: base64.StdEncoding.EncodeToString(env.Payload),
		Signatures: []dsse.Signature{{Sig: base64.StdEncoding.EncodeToString(sig)}}}
	now := time.Now().Unix()
	entry, err := k.virtual.GenerateTlogEntry(leaf[0], e, sig, now, true)
	if err != nil {
		return err
	}
	tle := entry.TransparencyLogEntry()
	tle.KindVersion = &protorekor.KindVersion{Kind: "dsse", Version: "0.0.1"}
	set, err := k.virtual.RekorSignPayload(tlog.RekorPayload{Body: base64.StdEncoding.EncodeToString(tle.CanonicalizedBody),
		IntegratedTime: now, LogIndex: tle.LogIndex, LogID: hex.EncodeToString(tle.LogId.KeyId)})
	if err != nil {
		return err
	}
	tle.InclusionPromise = &protorekor.InclusionPromise{SignedEntryTimestamp: set}
	b.VerificationMaterial.TlogEntries = append(b.VerificationMaterial.TlogEntries, tle)
	return nil
}

type fulcioFunc func(*http.Request) (*http.Response, error)

func (f fulcioFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

type rekorFunc func(context.Context, []byte, *protobundle.Bundle) error

func (f rekorFunc) GetTransparencyLogEntry(ctx context.Context, pem []byte, b *protobundle.Bundle) error {
	return f(ctx, pem, b)
}

// publicOnly lends a public key to ca.GenerateLeafCert, which only asks for Public().
type publicOnly struct{ pub crypto.PublicKey }

func (p publicOnly) Public() crypto.PublicKey { return p.pub }
func (p publicOnly) Sign(io.Reader, []byte, crypto.SignerOpts) ([]byte, error) {
	return nil, errors.New("public key only")
}
