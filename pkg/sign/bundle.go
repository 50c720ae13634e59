package sign

import (
	"bytes"
	"context"
	"crypto"
	"encoding/json"
	"fmt"

	"github.com/sigstore/sigstore-go/pkg/root"
	sgsign "github.com/sigstore/sigstore-go/pkg/sign"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/capirepo/capirepo/pkg/provenance"
)

// MediaType is the sigstore bundle media type capirepo writes.
const MediaType = "application/vnd.dev.sigstore.bundle.v0.3+json"

// Signer signs statements: a key pair, plus for keyless signing the certificate
// provider (Fulcio) and transparency logs (Rekor).
type Signer struct {
	Keypair sgsign.Keypair
	Options sgsign.BundleOptions

	certs       *certCache           // keyless: the certificate provider (nil for a key)
	trustedRoot root.TrustedMaterial // keyless: verifies its own earlier signatures (Own)
}

// KeySigner signs with a private key and records no transparency log entry.
func KeySigner(priv crypto.Signer) (*Signer, error) {
	kp, err := newKeypair(priv)
	if err != nil {
		return nil, err
	}
	return &Signer{Keypair: kp}, nil
}

// Sign wraps an in-toto statement in DSSE, signs it and returns the bundle as JSON.
func (s *Signer) Sign(ctx context.Context, statement []byte) ([]byte, error) {
	opts := s.Options
	opts.Context = ctx
	content := &sgsign.DSSEData{Data: statement, PayloadType: provenance.PayloadType}
	b, err := sgsign.Bundle(content, s.Keypair, opts)
	if err != nil {
		return nil, fmt.Errorf("signing: %w", err)
	}
	raw, err := protojson.Marshal(b)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}
