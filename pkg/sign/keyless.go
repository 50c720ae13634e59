package sign

import (
	"errors"
	"time"

	"github.com/sigstore/sigstore-go/pkg/root"
	sgsign "github.com/sigstore/sigstore-go/pkg/sign"
)

// Public-good Sigstore instances, the defaults of --fulcio-url and --rekor-url.
const (
	DefaultFulcioURL = "https://fulcio.sigstore.dev"
	DefaultRekorURL  = "https://rekor.sigstore.dev"
)

// Keyless configures keyless signing: a short-lived key, a Fulcio certificate for
// the OIDC token's identity, and a Rekor entry that timestamps the signature.
type Keyless struct {
	FulcioURL, RekorURL string
	IDToken             string // the OIDC token (AmbientToken); never printed

	// Fulcio and Rekor replace the clients built from the URLs (tests use fakes).
	Fulcio sgsign.CertificateProvider
	Rekor  sgsign.Transparency
	// TrustedRoot verifies the signer's own earlier signatures (Signer.Own), so a
	// re-run of publish oci recognises them; nil: none is recognised, and a
	// Resigner refuses to sign again (Resigner.Check).
	TrustedRoot root.TrustedMaterial
}

// KeylessSigner returns a signer with a fresh ephemeral key.
func KeylessSigner(k Keyless) (*Signer, error) {
	if k.IDToken == "" {
		return nil, errors.New("keyless signing needs an OIDC token: run in GitHub Actions with `permissions: id-token: write`, or set SIGSTORE_ID_TOKEN")
	}
	kp, err := sgsign.NewEphemeralKeypair(nil)
	if err != nil {
		return nil, err
	}
	fulcio, rekor := k.Fulcio, k.Rekor
	if fulcio == nil {
		fulcio = sgsign.NewFulcio(&sgsign.FulcioOptions{BaseURL: orDefault(k.FulcioURL, DefaultFulcioURL), Timeout: time.Minute, Retries: 2})
	}
	if rekor == nil {
		rekor = sgsign.NewRekor(&sgsign.RekorOptions{BaseURL: orDefault(k.RekorURL, DefaultRekorURL), Timeout: time.Minute, Retries: 2})
	}
	certs := &certCache{fulcio: fulcio}
	return &Signer{Keypair: kp, certs: certs, trustedRoot: k.TrustedRoot, Options: sgsign.BundleOptions{
		CertificateProvider:        certs,
		CertificateProviderOptions: &sgsign.CertificateProviderOptions{IDToken: k.IDToken},
		TransparencyLogs:           []sgsign.Transparency{rekor},
	}}, nil
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
