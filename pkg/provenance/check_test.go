package provenance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	intoto "github.com/in-toto/attestation/go/v1"
)

func TestCheck(t *testing.T) {
	data, err := Statement(sample(), inputs())
	if err != nil {
		t.Fatal(err)
	}
	st := parse(t, data)
	if err := check(st, sample()); err != nil {
		t.Fatalf("the built release does not check: %v", err)
	}
	cases := map[string]struct {
		change func(r *releaseT)
		want   string
	}{
		"changed file":  {func(r *releaseT) { r.Files[0].Data = []byte("kind: Other\n") }, "cluster-template.yaml: changed after signing"},
		"extra file":    {func(r *releaseT) { r.Files = append(r.Files, fileT{Name: "zz.yaml", Data: []byte("x")}) }, "zz.yaml: not covered by the signature"},
		"missing file":  {func(r *releaseT) { r.Files = r.Files[1:] }, "cluster-template.yaml: signed but missing"},
		"other version": {func(r *releaseT) { r.Version = layout.MustParseVersion("v1.2.4") }, "signed for infrastructure-demo v1.2.3, not for infrastructure-demo v1.2.4"},
		"other label":   {func(r *releaseT) { r.Name = "other" }, "signed for infrastructure-demo v1.2.3"},
	}
	for name, c := range cases {
		r := sample()
		c.change(r)
		if err := check(st, r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", name, err, c.want)
		}
	}
}

type (
	releaseT = release.Release
	fileT    = release.File
)

// TestSubjectNames: a statement naming a subject by an absolute path or with ".."
// is refused as a whole, whatever the files.
func TestSubjectNames(t *testing.T) {
	for _, name := range []string{"../x", "/etc/passwd", `..\x`, `C:\x`, "a/../../b", ""} {
		if SubjectName(name) == nil {
			t.Errorf("%q accepted", name)
		}
	}
	for _, name := range []string{"metadata.yaml", "registry.example:5000/capi/infrastructure-aws", "a..b.yaml"} {
		if err := SubjectName(name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
}

// check holds a verified statement against one whole release: every file must be a
// subject with the same sha256 and every subject a file (Problems with all wanted).
func check(st *intoto.Statement, r *release.Release) error {
	files := map[string][]byte{}
	for _, f := range r.Files {
		files[f.Name] = f.Data
	}
	ps := Problems(st, r.Label(), r.Version.String(), files, func(string) bool { return true })
	if len(ps) == 0 {
		return nil
	}
	var msgs []string
	for _, p := range ps {
		msgs = append(msgs, p.String())
	}
	return fmt.Errorf("%s: %s", r, strings.Join(msgs, "; "))
}
