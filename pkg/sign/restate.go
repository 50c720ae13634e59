package sign

import (
	"context"
	"fmt"

	intoto "github.com/in-toto/attestation/go/v1"
	"github.com/opencontainers/go-digest"
	"github.com/sigstore/sigstore-go/pkg/bundle"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/capirepo/capirepo/pkg/provenance"
)

// Resign signs the statement of a build's bundle (file name, bytes) again with the OCI
// artifact ref@subject among its subjects: the oci publisher's Resigner, so that
// cosign verify-attestation finds the artifact's digest in the attestation.
func (s *Signer) Resign(ctx context.Context, name string, bundleJSON []byte, ref string, subject digest.Digest) ([]byte, error) {
	st, err := restate(name, bundleJSON, &intoto.ResourceDescriptor{Name: ref, Digest: map[string]string{subject.Algorithm().String(): subject.Encoded()}})
	if err != nil {
		return nil, err
	}
	return s.Sign(ctx, st)
}

// restate returns the statement of a build's bundle with one more subject (an OCI
// artifact's manifest), to be signed again: cosign verify-attestation requires the
// artifact's digest among the subjects. The bundle is capirepo's own build output; its
// statement is verified again when the new bundle is.
func restate(name string, bundleJSON []byte, subject *intoto.ResourceDescriptor) ([]byte, error) {
	b := &bundle.Bundle{}
	if err := b.UnmarshalJSON(bundleJSON); err != nil {
		return nil, fmt.Errorf("%s is not a sigstore bundle: %w", name, err)
	}
	env := b.GetDsseEnvelope()
	if env == nil {
		return nil, fmt.Errorf("%s holds no DSSE envelope", name)
	}
	st := &intoto.Statement{}
	if err := protojson.Unmarshal(env.GetPayload(), st); err != nil {
		return nil, fmt.Errorf("%s: the signed payload is not an in-toto statement: %w", name, err)
	}
	st.Subject = append(st.Subject, subject)
	return provenance.Marshal(st)
}
