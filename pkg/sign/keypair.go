package sign

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"

	protocommon "github.com/sigstore/protobuf-specs/gen/pb-go/common/v1"
	sgsign "github.com/sigstore/sigstore-go/pkg/sign"
	"github.com/sigstore/sigstore/pkg/cryptoutils"
	"github.com/sigstore/sigstore/pkg/signature"
)

// keypair is a sigstore-go Keypair over a key loaded from a file.
type keypair struct {
	priv crypto.Signer
	alg  signature.AlgorithmDetails
	hint []byte
}

var _ sgsign.Keypair = (*keypair)(nil)

// newKeypair wraps a private key for signing; its hint is the key's fingerprint.
func newKeypair(priv crypto.Signer) (sgsign.Keypair, error) {
	alg, err := signature.GetDefaultAlgorithmDetails(priv.Public())
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKIXPublicKey(priv.Public())
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(der)
	return &keypair{priv: priv, alg: alg, hint: []byte(base64.StdEncoding.EncodeToString(sum[:]))}, nil
}

func (k *keypair) GetHashAlgorithm() protocommon.HashAlgorithm { return k.alg.GetProtoHashType() }
func (k *keypair) GetSigningAlgorithm() protocommon.PublicKeyDetails {
	return k.alg.GetSignatureAlgorithm()
}
func (k *keypair) GetHint() []byte                { return k.hint }
func (k *keypair) GetPublicKey() crypto.PublicKey { return k.priv.Public() }

func (k *keypair) GetKeyAlgorithm() string {
	switch k.alg.GetKeyType() {
	case signature.ECDSA:
		return "ECDSA"
	case signature.RSA:
		return "RSA"
	case signature.ED25519:
		return "ED25519"
	}
	return ""
}

func (k *keypair) GetPublicKeyPem() (string, error) {
	pemBytes, err := cryptoutils.MarshalPublicKeyToPEM(k.priv.Public())
	return string(pemBytes), err
}

// SignData signs data's digest (or data itself for pure Ed25519).
func (k *keypair) SignData(_ context.Context, data []byte) ([]byte, []byte, error) {
	hf := k.alg.GetHashType()
	toSign := data
	if hf != crypto.Hash(0) {
		h := hf.New()
		h.Write(data)
		toSign = h.Sum(nil)
	}
	sig, err := k.priv.Sign(rand.Reader, toSign, hf)
	return sig, toSign, err
}
