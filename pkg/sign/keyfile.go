package sign

import (
	"crypto"
	"errors"
	"fmt"
	"os"

	"github.com/sigstore/sigstore-go/pkg/root"
)

// ReadPrivateKey reads the private key file path and parses it (ParsePrivateKey).
func ReadPrivateKey(path string, password []byte) (crypto.Signer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("signing key %s: cannot read it: %w", path, errors.Unwrap(err))
	}
	return parsePrivateKey(path, data, password)
}

// ReadPublicKey reads the public key file path and parses it (ParsePublicKey).
func ReadPublicKey(path string) (crypto.PublicKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("public key %s: cannot read it: %w", path, errors.Unwrap(err))
	}
	return ParsePublicKey(path, data)
}

// LoadTrustedRoot reads a trusted root file (sigstore's trusted_root.json) for
// keyless verification; an empty path fetches the public-good root over TUF.
func LoadTrustedRoot(path string) (root.TrustedMaterial, error) {
	var (
		tr  *root.TrustedRoot
		err error
	)
	if path != "" {
		tr, err = root.NewTrustedRootFromPath(path)
	} else {
		tr, err = root.FetchTrustedRoot()
	}
	if err != nil {
		return nil, fmt.Errorf("trusted root %s: %w", path, err)
	}
	return tr, nil
}
