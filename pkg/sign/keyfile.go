package sign

import (
	"crypto"
	"errors"
	"fmt"

	"github.com/sigstore/sigstore-go/pkg/root"

	"github.com/capirepo/capirepo/pkg/fsx"
)

// ReadPrivateKey reads the private key file path and parses it (ParsePrivateKey).
func ReadPrivateKey(path string, password []byte) (crypto.Signer, error) {
	data, err := fsx.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("signing key %s: cannot read it: %w", path, errors.Unwrap(err))
	}
	return ParsePrivateKey(path, data, password)
}

// ReadPublicKey reads the public key file path and parses it (ParsePublicKey).
func ReadPublicKey(path string) (crypto.PublicKey, error) {
	data, err := fsx.ReadFile(path)
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
		var data []byte
		if data, err = fsx.ReadFile(path); err == nil {
			tr, err = root.NewTrustedRootFromJSON(data)
		}
	} else {
		tr, err = root.FetchTrustedRoot()
	}
	if err != nil {
		return nil, fmt.Errorf("trusted root %s: %w", path, err)
	}
	return tr, nil
}
