package lint

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

var sample = Findings{
	{Rule: "components-namespace", Severity: Error, File: "c.yaml", Line: 3, Object: "Namespace a", Message: "two Namespaces"},
	{Rule: "vars-unbraced", Severity: Warning, File: "t.yaml", Line: 7, Message: "$VAR, is literal"},
}

func TestWriteFormats(t *testing.T) {
	cases := map[string]string{
		"text":   "c.yaml:3: error components-namespace: Namespace a: two Namespaces\nt.yaml:7: warning vars-unbraced: $VAR, is literal\n",
		"github": "::error file=c.yaml,line=3,title=components-namespace::Namespace a: two Namespaces\n::warning file=t.yaml,line=7,title=vars-unbraced::$VAR, is literal\n",
	}
	for format, want := range cases {
		var b bytes.Buffer
		if err := Write(&b, format, sample, nil); err != nil {
			t.Fatal(err)
		}
		if b.String() != want {
			t.Errorf("%s:\n got %q\nwant %q", format, b.String(), want)
		}
	}
}

func TestWriteSARIFAndJSON(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, "sarif", sample, []Rule{{ID: "components-namespace", Severity: Error, Contract: "exactly one Namespace"}}); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(b.Bytes(), &log); err != nil || log["version"] != "2.1.0" {
		t.Fatalf("sarif not valid 2.1.0 JSON: %v %v", err, log["version"])
	}
	if !strings.Contains(b.String(), `"startLine": 3`) {
		t.Errorf("sarif lacks region: %s", b.String())
	}
	b.Reset()
	if err := Write(&b, "json", nil, nil); err != nil || strings.TrimSpace(b.String()) != "[]" {
		t.Errorf("json of no findings = %q, %v", b.String(), err)
	}
	if err := Write(&b, "xml", nil, nil); err == nil {
		t.Error("unknown format accepted")
	}
}

func TestFindingsError(t *testing.T) {
	if !sample.HasErrors() || sample.Count(Warning) != 1 {
		t.Fatal("counts wrong")
	}
	if got := sample.Without(map[string]bool{"components-namespace": true}); got.HasErrors() {
		t.Error("Without kept a disabled rule")
	}
	if !strings.Contains(sample.Error(), "c.yaml:3") || strings.Contains(sample.Error(), "t.yaml") {
		t.Errorf("Error() = %q", sample.Error())
	}
}

// TestWithoutScoped: "<rule>:<object name>" silences a rule for one object only.
func TestWithoutScoped(t *testing.T) {
	t.Parallel()
	fs := Findings{
		{Rule: "r", Object: "CustomResourceDefinition foomachines.x.io"},
		{Rule: "r", Object: "CustomResourceDefinition barmachines.x.io"},
		{Rule: "s", Object: "CustomResourceDefinition foomachines.x.io"},
		{Rule: "r"},
	}
	got := fs.Without(map[string]bool{"r:foomachines.x.io": true})
	if len(got) != 3 || got[0].Object != "CustomResourceDefinition barmachines.x.io" || got[1].Rule != "s" || got[2].Object != "" {
		t.Errorf("Without = %v", got)
	}
	if got := fs.Without(map[string]bool{"r": true}); len(got) != 1 || got[0].Rule != "s" {
		t.Errorf("Without(r) = %v", got)
	}
}

// TestWriteLayoutRelative: findings about a published layout say so: GitHub
// annotations carry the path and the layout in the message (no file= GitHub would
// look for in the repository), SARIF bases the paths on LAYOUT and describes it;
// source findings are based on %SRCROOT%.
func TestWriteLayoutRelative(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	if err := WriteWith(&b, "github", sample[:1], Options{Layout: "https://example.com/r"}); err != nil {
		t.Fatal(err)
	}
	if want := "::error title=components-namespace::c.yaml:3 (in https://example.com/r): Namespace a: two Namespaces\n"; b.String() != want {
		t.Errorf("github:\n got %q\nwant %q", b.String(), want)
	}
	for layout, want := range map[string][]string{
		"":                      {`"uriBaseId": "%SRCROOT%"`},
		"https://example.com/r": {`"uriBaseId": "LAYOUT"`, `"originalUriBaseIds"`, `"uri": "https://example.com/r/"`},
		"/srv/mirror":           {`"uri": "file:///srv/mirror/"`},
	} {
		b.Reset()
		if err := WriteWith(&b, "sarif", sample, Options{Layout: layout}); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("layout %q: sarif lacks %s:\n%s", layout, w, b.String())
			}
		}
	}
}

// TestWriteLayoutWithoutUserInfo: a layout URL with credentials in it (user:token@,
// token@, one that does not parse) is printed without them in every format that
// names the layout; the rest of it stays.
func TestWriteLayoutWithoutUserInfo(t *testing.T) {
	t.Parallel()
	const secret = "S3CRET"
	for _, layout := range []string{"https://u:" + secret + "@gitlab.example.com/r", "https://" + secret + "@gitlab.example.com/r",
		"https://u:p%zz" + secret + "@gitlab.example.com/r"} {
		for _, format := range []string{"github", "sarif"} {
			var b bytes.Buffer
			if err := WriteWith(&b, format, sample, Options{Layout: layout}); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(b.String(), secret) || !strings.Contains(b.String(), "https://gitlab.example.com/r") {
				t.Errorf("%s, %s: want the layout without its credentials:\n%s", layout, format, b.String())
			}
		}
	}
}
