package cli

import (
	"context"

	"github.com/capirepo/capirepo/pkg/backend/oci"
)

// resigner is the oci destination's Resigner for --sign-key/--sign-keyless: the
// bundles are signed again with the artifact's manifest digest among the subjects,
// which `cosign verify-attestation` requires. Without them it is nil and the build's
// bundle is attached as it is (pkg/backend/oci, signature.go).
func (o *publishOCIOptions) resigner(ctx context.Context, io streams) (oci.Resigner, error) {
	signer, err := o.sign.signer(ctx, io)
	if err != nil || signer == nil {
		return nil, err
	}
	return signer, nil
}
