package provenance

import (
	"fmt"
	"sort"
	"strings"

	intoto "github.com/in-toto/attestation/go/v1"

	"github.com/capirepo/capirepo/pkg/release"
)

// Check holds a verified statement against one release: the statement must be SLSA
// provenance for the release's provider label and version, every file of the release
// must be a subject with the same sha256, and every subject must be a file of it.
// Each problem names the file; all are reported together.
func Check(st *intoto.Statement, r *release.Release) error {
	if st.GetPredicateType() != PredicateType {
		return fmt.Errorf("%s: the signed statement is %q, not SLSA provenance v1", r, st.GetPredicateType())
	}
	label, version := signedFor(st)
	if label != r.Label() || version != r.Version {
		return fmt.Errorf("%s: the bundle was signed for %s %s, not for this version: it belongs to another release", r, label, version)
	}
	signed := map[string]string{}
	for _, s := range st.GetSubject() {
		signed[s.GetName()] = s.GetDigest()["sha256"]
	}
	var errs []string
	for _, f := range r.Files {
		sum, ok := signed[f.Name]
		switch {
		case !ok:
			errs = append(errs, fmt.Sprintf("%s is not covered by the signature (not a subject of the statement)", f.Name))
		case sum != f.SHA256():
			errs = append(errs, fmt.Sprintf("%s was changed after signing (sha256 %s, signed %s)", f.Name, f.SHA256(), sum))
		}
		delete(signed, f.Name)
	}
	for name := range signed {
		errs = append(errs, fmt.Sprintf("%s is signed but missing from the release", name))
	}
	if len(errs) > 0 {
		sort.Strings(errs)
		return fmt.Errorf("%s: %s", r, strings.Join(errs, "; "))
	}
	return nil
}

// signedFor reads the provider label and version from the external parameters.
func signedFor(st *intoto.Statement) (label, version string) {
	bd := st.GetPredicate().GetFields()["buildDefinition"].GetStructValue()
	params := bd.GetFields()["externalParameters"].GetStructValue().GetFields()
	return params["provider"].GetStringValue(), params["version"].GetStringValue()
}
