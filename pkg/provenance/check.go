package provenance

import (
	"fmt"
	"sort"
	"strings"

	intoto "github.com/in-toto/attestation/go/v1"

	"github.com/capirepo/capirepo/pkg/release"
)

// Problem is one way a version's files differ from its signed statement.
type Problem struct {
	File    string // the file concerned (a release file, or the bundle)
	Message string
}

func (p Problem) String() string { return p.File + ": " + p.Message }

// Problems compares files (what a reader read) with a verified statement: it must be
// SLSA provenance of label and version; every file must be a subject with the same
// sha256 (else "not covered" or "changed"); every subject that wanted says a reader
// reads must be among files (else "missing"). Sorted by file.
func Problems(st *intoto.Statement, label, version string, files map[string][]byte, wanted func(string) bool) []Problem {
	if st.GetPredicateType() != PredicateType {
		return []Problem{{"", fmt.Sprintf("the signed statement is %q, not SLSA provenance v1", st.GetPredicateType())}}
	}
	if l, v := signedFor(st); l != label || v != version {
		return []Problem{{"", fmt.Sprintf("the bundle was signed for %s %s, not for %s %s: it belongs to another release", l, v, label, version)}}
	}
	signed := map[string]string{}
	for _, s := range st.GetSubject() {
		if err := SubjectName(s.GetName()); err != nil {
			return []Problem{{"", err.Error()}}
		}
		signed[s.GetName()] = s.GetDigest()["sha256"]
	}
	var out []Problem
	for name, data := range files {
		sum, ok := signed[name]
		switch {
		case !ok:
			out = append(out, Problem{name, "not covered by the signature (not a subject of the signed statement)"})
		case sum != release.SHA256(data):
			out = append(out, Problem{name, fmt.Sprintf("changed after signing (sha256 %s, signed %s)", release.SHA256(data), sum)})
		}
		delete(signed, name)
	}
	for name := range signed {
		if wanted(name) {
			out = append(out, Problem{name, "signed but missing from the release"})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}

// signedFor reads the provider label and version from the external parameters.
func signedFor(st *intoto.Statement) (label, version string) {
	bd := st.GetPredicate().GetFields()["buildDefinition"].GetStructValue()
	params := bd.GetFields()["externalParameters"].GetStructValue().GetFields()
	return params["provider"].GetStringValue(), params["version"].GetStringValue()
}

// SubjectName refuses a subject name no reader may take as a file: empty, an
// absolute path ("/etc/passwd", `C:\x`) or one with a ".." segment ("../x"). A
// release file's subject is its name; an OCI artifact's is its repository
// ("registry/path/name", which has slashes).
func SubjectName(name string) error {
	bad := name == "" || strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`) ||
		(len(name) > 2 && name[1] == ':' && (name[2] == '/' || name[2] == '\\'))
	for _, seg := range strings.FieldsFunc(name, func(r rune) bool { return r == '/' || r == '\\' }) {
		bad = bad || seg == ".."
	}
	if bad {
		return fmt.Errorf("the signed statement names a subject %q: an absolute path or a path with .. is no release file; the bundle is refused", name)
	}
	return nil
}
