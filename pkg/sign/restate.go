package sign

import (
	"maps"

	intoto "github.com/in-toto/attestation/go/v1"
	"google.golang.org/protobuf/proto"

	"github.com/capirepo/capirepo/pkg/provenance"
)

// Restate returns st with one more subject (an OCI artifact's manifest), as the
// bytes to sign: cosign verify-attestation requires the artifact's digest among the
// subjects. st must be a statement the caller verified or derived itself
// (Resigner.Statement): signing it again vouches for it. A subject already there is
// not repeated. st is not changed.
func Restate(st *intoto.Statement, subject *intoto.ResourceDescriptor) ([]byte, error) {
	out := proto.Clone(st).(*intoto.Statement)
	for _, s := range out.GetSubject() {
		if s.GetName() == subject.GetName() && maps.Equal(s.GetDigest(), subject.GetDigest()) {
			return provenance.Marshal(out)
		}
	}
	out.Subject = append(out.Subject, subject)
	return provenance.Marshal(out)
}
