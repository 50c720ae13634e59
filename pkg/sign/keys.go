// Package sign signs provenance statements into sigstore bundles (v0.3, DSSE) and
// verifies them: with a key pair (cosign's encrypted key file or a plain PEM key), or
// keyless through Fulcio and Rekor with an OIDC token. It holds no secret longer than
// a call and never puts key material or a password into an error.
package sign

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"

	"github.com/secure-systems-lab/go-securesystemslib/encrypted"
	"github.com/sigstore/sigstore/pkg/cryptoutils"
)

// ErrKey marks a private key that cannot be used: unreadable, of an unknown form, or
// encrypted with another password. The CLI maps it to an input error.
var ErrKey = errors.New("signing key")

// Cosign's encrypted private key PEM types (v2+ and v1).
const (
	sigstoreEncrypted = "ENCRYPTED SIGSTORE PRIVATE KEY"
	cosignEncrypted   = "ENCRYPTED COSIGN PRIVATE KEY"
)

// ParsePrivateKey reads a PEM private key: cosign's encrypted form (opened with
// password) or a plain PKCS#8, SEC 1 (EC) or PKCS#1 (RSA) key. name is the file for
// messages; errors never quote the key or the password.
func ParsePrivateKey(name string, data, password []byte) (crypto.Signer, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("%w %s: not a PEM private key (want a cosign key file or a PEM key)", ErrKey, name)
	}
	der := block.Bytes
	switch block.Type {
	case sigstoreEncrypted, cosignEncrypted:
		if len(password) == 0 {
			return nil, fmt.Errorf("%w %s: the key is encrypted: set COSIGN_PASSWORD", ErrKey, name)
		}
		plain, err := encrypted.Decrypt(der, password)
		if err != nil {
			return nil, fmt.Errorf("%w %s: cannot decrypt it: wrong COSIGN_PASSWORD or a damaged key file", ErrKey, name)
		}
		der = plain
	case "PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY":
	default:
		return nil, fmt.Errorf("%w %s: PEM block %q is not a private key", ErrKey, name, block.Type)
	}
	key, err := parseDER(block.Type, der)
	if err != nil {
		return nil, fmt.Errorf("%w %s: not a usable private key (ECDSA, Ed25519 or RSA)", ErrKey, name)
	}
	return key, nil
}

func parseDER(typ string, der []byte) (crypto.Signer, error) {
	var key any
	var err error
	switch typ {
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(der)
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(der)
	default:
		key, err = x509.ParsePKCS8PrivateKey(der)
	}
	if err != nil {
		return nil, err
	}
	switch k := key.(type) {
	case *ecdsa.PrivateKey, *rsa.PrivateKey, ed25519.PrivateKey:
		return k.(crypto.Signer), nil
	}
	return nil, errors.New("unsupported key type")
}

// ParsePublicKey reads a PEM public key (cosign's .pub file).
func ParsePublicKey(name string, data []byte) (crypto.PublicKey, error) {
	pub, err := cryptoutils.UnmarshalPEMToPublicKey(data)
	if err != nil {
		return nil, fmt.Errorf("public key %s: not a PEM public key (want cosign's .pub file)", name)
	}
	return pub, nil
}
