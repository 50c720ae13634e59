package sign

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sigstore/sigstore-go/pkg/fulcio/certificate"
	sgsign "github.com/sigstore/sigstore-go/pkg/sign"
)

// Own is the policy that accepts this signer's own signatures: its public key, or
// for keyless signing the identity and issuer of its certificate under its trusted
// root (Keyless.TrustedRoot). A publisher uses it to recognise a signature it made on
// an earlier run; nobody else's signature passes it.
func (s *Signer) Own(ctx context.Context) (*Policy, error) {
	if s.certs == nil {
		return &Policy{Key: s.Keypair.GetPublicKey()}, nil
	}
	if s.trustedRoot == nil {
		return nil, errors.New("keyless signing without a trusted root cannot recognise its own earlier signatures")
	}
	der, err := s.certs.GetCertificate(ctx, s.Keypair, s.Options.CertificateProviderOptions)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("the signing certificate: %w", err)
	}
	sum, err := certificate.SummarizeCertificate(cert)
	if err != nil {
		return nil, fmt.Errorf("the signing certificate: %w", err)
	}
	return &Policy{Identity: sum.SubjectAlternativeName, Issuer: sum.Extensions.Issuer, TrustedRoot: s.trustedRoot}, nil
}

// certCache is a Fulcio certificate provider that asks Fulcio once per key and reuses
// the certificate while it has more than a margin of validity left (Fulcio's last
// 10 minutes): one run signs many bundles, and Own needs its identity before the first.
type certCache struct {
	fulcio sgsign.CertificateProvider
	mu     sync.Mutex
	der    []byte
	until  time.Time
}

// certMargin is how long before its end a certificate is no longer reused.
const certMargin = 3 * time.Minute

func (c *certCache) GetCertificate(ctx context.Context, kp sgsign.Keypair, opts *sgsign.CertificateProviderOptions) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.der != nil && time.Now().Before(c.until) {
		return c.der, nil
	}
	der, err := c.fulcio.GetCertificate(ctx, kp, opts)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("the certificate Fulcio issued: %w", err)
	}
	c.der, c.until = der, cert.NotAfter.Add(-certMargin)
	return der, nil
}

var _ sgsign.CertificateProvider = (*certCache)(nil)
