package sign

import (
	"fmt"

	intoto "github.com/in-toto/attestation/go/v1"
	"github.com/sigstore/sigstore-go/pkg/bundle"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/capirepo/capirepo/pkg/provenance"
	"github.com/capirepo/capirepo/pkg/release"
)

// Detach removes every release's bundle from the set and returns them by release, for
// a destination that carries bundles beside the files (OCI referrers).
func Detach(set *release.Set) map[*release.Release][]byte {
	out := map[*release.Release][]byte{}
	for _, r := range set.Releases {
		name := BundleName(r.Label(), r.Version)
		var keep []release.File
		for _, f := range r.Files {
			if f.Name == name {
				out[r] = f.Data
				continue
			}
			keep = append(keep, f)
		}
		r.Files = keep
	}
	return out
}

// Restate returns the statement of a build's bundle with one more subject (an OCI
// artifact's manifest), to be signed again: cosign verify-attestation requires the
// artifact's digest among the subjects. The bundle is capirepo's own build output; its
// statement is verified again when the new bundle is.
func Restate(name string, bundleJSON []byte, subject *intoto.ResourceDescriptor) ([]byte, error) {
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
