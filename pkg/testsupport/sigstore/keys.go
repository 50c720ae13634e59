// Package sigstore has test doubles for signing: cosign-format key pairs made at test
// time, and an offline Fulcio and Rekor built on sigstore-go's virtual Sigstore.
package sigstore

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"testing"

	"github.com/secure-systems-lab/go-securesystemslib/encrypted"
)

// KeyPair returns a fresh ECDSA P-256 key pair as cosign writes it: the private key
// encrypted with password ("ENCRYPTED SIGSTORE PRIVATE KEY"), or plain PKCS#8 when
// password is empty, and the public key as PEM.
func KeyPair(t testing.TB, password string) (private, public []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	pubDER, err := x509.MarshalPKIXPublicKey(key.Public())
	if err != nil {
		t.Fatal(err)
	}
	public = pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER})
	if password == "" {
		return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), public
	}
	// Cosign uses the Standard scrypt strength; Legacy keeps tests fast, and the
	// parameters travel in the key file, so readers handle both.
	enc, err := encrypted.EncryptWithCustomKDFParameters(der, []byte(password), encrypted.Legacy)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "ENCRYPTED SIGSTORE PRIVATE KEY", Bytes: enc}), public
}
