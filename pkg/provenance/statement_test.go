package provenance

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	intoto "github.com/in-toto/attestation/go/v1"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

func sample() *release.Release {
	return &release.Release{Provider: layout.Provider{Type: "InfrastructureProvider", Name: "demo"}, Version: layout.MustParseVersion("v1.2.3"), ComponentsFile: "infrastructure-components.yaml",
		Files: []release.File{
			{Name: "cluster-template.yaml", Data: []byte("kind: Cluster\n")},
			{Name: "infrastructure-components.yaml", Data: []byte("kind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - image: reg.example/demo@sha256:" + strings.Repeat("ab", 32) + "\n")},
			{Name: "metadata.yaml", Data: []byte("kind: Metadata\n")},
		}}
}

func inputs() Inputs {
	return Inputs{BuilderVersion: "v0.9.0", ConfigPath: "capirepo.yaml",
		Source: Source{Commit: strings.Repeat("c", 40), Remote: "https://git.example/demo.git"},
		Remote: []Pinned{{URI: "https://z.example/b.yaml", SHA256: strings.Repeat("1", 64)}, {URI: "https://a.example/a.yaml", SHA256: strings.Repeat("2", 64)}},
		Time:   time.Unix(1700000000, 0)}
}

func parse(t *testing.T, data []byte) *intoto.Statement {
	t.Helper()
	st := &intoto.Statement{}
	if err := protojson.Unmarshal(data, st); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestStatementIsDeterministic(t *testing.T) {
	r := sample()
	in := inputs()
	in.Images = PinnedImages(r)
	a, err := Statement(r, in)
	if err != nil {
		t.Fatal(err)
	}
	// Same inputs in another order (remote resources reversed) give the same bytes.
	in.Remote = []Pinned{in.Remote[1], in.Remote[0]}
	b, err := Statement(sample(), in)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("two statements of the same inputs differ:\n%s\n%s", a, b)
	}
	if !json.Valid(a) || bytes.ContainsAny(a, "\n") {
		t.Fatalf("statement is not compact JSON: %s", a)
	}
	in.Time = in.Time.Add(time.Second)
	if c, _ := Statement(sample(), in); bytes.Equal(a, c) {
		t.Fatal("a different build time gave the same statement")
	}
}

func TestStatementContent(t *testing.T) {
	r := sample()
	in := inputs()
	in.Images = PinnedImages(r)
	data, err := Statement(r, in)
	if err != nil {
		t.Fatal(err)
	}
	st := parse(t, data)
	if st.GetType() != intoto.StatementTypeUri || st.GetPredicateType() != PredicateType || len(st.GetSubject()) != 3 {
		t.Fatalf("statement header: %s", data)
	}
	for i, f := range r.Files {
		if s := st.GetSubject()[i]; s.GetName() != f.Name || s.GetDigest()["sha256"] != f.SHA256() {
			t.Errorf("subject %d = %v, want %s %s", i, s, f.Name, f.SHA256())
		}
	}
	for _, want := range []string{`"provider":"infrastructure-demo"`, `"version":"v1.2.3"`, `"config":"capirepo.yaml"`,
		`{"digest":{"gitCommit":"` + strings.Repeat("c", 40) + `"},"name":"source","uri":"git+https://git.example/demo.git"}`,
		`"uri":"https://a.example/a.yaml"`, `{"digest":{"sha256":"` + strings.Repeat("ab", 32) + `"},"uri":"reg.example/demo"}`,
		`"id":"` + BuilderID + `"`, `"capirepo":"v0.9.0"`, `"startedOn":"2023-11-14T22:13:20Z"`, `"buildType":"` + BuildType} {
		if !strings.Contains(string(data), want) {
			t.Errorf("statement lacks %s:\n%s", want, data)
		}
	}
	if strings.Index(string(data), "a.example") > strings.Index(string(data), "z.example") {
		t.Error("remote resources are not sorted by URI")
	}
}

func TestBuildTime(t *testing.T) {
	commit := time.Unix(1600000000, 0).UTC()
	if got, _ := buildTime("1700000000", commit); !got.Equal(time.Unix(1700000000, 0)) {
		t.Errorf("SOURCE_DATE_EPOCH ignored: %v", got)
	}
	if got, _ := buildTime("", commit); !got.Equal(commit) {
		t.Errorf("commit time ignored: %v", got)
	}
	for _, bad := range []string{"yesterday", "-5"} {
		if _, err := buildTime(bad, commit); err == nil || !strings.Contains(err.Error(), "SOURCE_DATE_EPOCH") {
			t.Errorf("SOURCE_DATE_EPOCH=%s: %v", bad, err)
		}
	}
	if _, err := buildTime("", time.Time{}); err == nil {
		t.Error("no time source accepted")
	}
}

// TestRemoteURI: a remote is recorded only after a parse that succeeds, without user
// information, query or fragment; anything else is omitted, never recorded raw.
func TestRemoteURI(t *testing.T) {
	for in, want := range map[string]string{
		"https://x-access-token:SECRET@github.com/o/r.git":        "https://github.com/o/r.git",
		"https://gitlab.example/g/p.git?private_token=SECRET#top": "https://gitlab.example/g/p.git",
		"git@github.com:o/r.git":                                  "ssh://github.com/o/r.git",
		"ssh://git:SECRET@git.example:2222/o/r.git":               "ssh://git.example:2222/o/r.git",
		"https://github.com/o/r":                                  "https://github.com/o/r",
		"/srv/git/r.git":                                          "",
		"file:///srv/git/r.git":                                   "",
		"C:\\src\\r":                                              "",
		"https://SECRET@bad host/%zz":                             "",
		"":                                                        "",
	} {
		if got := RemoteURI(in); got != want {
			t.Errorf("%s -> %q, want %q", in, got, want)
		}
	}
}
