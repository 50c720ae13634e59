package metadata

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// ruleLines renders findings as "rule:line" for comparison.
func ruleLines(fs lint.Findings) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s:%d", f.Rule, f.Line))
	}
	slices.Sort(out)
	return out
}

func TestLintAndParse(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		file     string
		want     []string // rule:line, sorted
		parseErr bool
	}{
		{name: "good", file: "good.yaml", want: []string{}},
		{name: "good json", file: "good-json.yaml", want: []string{}},
		{name: "good descending with metadata field", file: "good-descending.yaml", want: []string{}},
		{name: "missing apiVersion", file: "missing-apiversion.yaml", want: []string{"metadata-api-version-missing:1"}},
		{name: "wrong apiVersion", file: "wrong-apiversion.yaml", want: []string{"metadata-api-version:1"}, parseErr: true},
		{name: "missing kind", file: "missing-kind.yaml", want: []string{"metadata-kind-missing:1"}},
		{name: "wrong kind", file: "wrong-kind.yaml", want: []string{"metadata-kind:2"}, parseErr: true},
		{name: "kind is a number", file: "kind-number.yaml", want: []string{"metadata-kind:2"}, parseErr: true},
		{name: "empty series", file: "empty-series.yaml", want: []string{"metadata-series-empty:3"}, parseErr: true},
		{name: "no series", file: "no-series.yaml", want: []string{"metadata-series-empty:1"}, parseErr: true},
		{name: "series is a mapping", file: "series-not-list.yaml", want: []string{"metadata-series-value:4"}, parseErr: true},
		{name: "string major", file: "string-major.yaml", want: []string{"metadata-series-value:4"}, parseErr: true},
		{name: "negative minor", file: "negative-minor.yaml", want: []string{"metadata-series-value:8"}, parseErr: true},
		{name: "float minor", file: "float-minor.yaml", want: []string{"metadata-series-value:5"}, parseErr: true},
		{name: "major beyond int32", file: "huge-major.yaml", want: []string{"metadata-series-value:4"}, parseErr: true},
		{name: "entry not a mapping", file: "entry-not-mapping.yaml", want: []string{"metadata-series-value:4"}, parseErr: true},
		{name: "missing minor", file: "missing-minor.yaml", want: []string{"metadata-series-field-missing:4"}},
		{name: "unknown fields", file: "unknown-fields.yaml", want: []string{"metadata-unknown-field:3", "metadata-unknown-field:8"}},
		{name: "bad and missing contract", file: "bad-contract.yaml", want: []string{"metadata-contract:4", "metadata-contract:7"}},
		{name: "duplicate series", file: "duplicate.yaml", want: []string{"metadata-series-duplicate:10", "metadata-series-order:3"}},
		{name: "identical duplicate series", file: "duplicate-same.yaml", want: []string{"metadata-series-duplicate:10", "metadata-series-order:3"}},
		{name: "unsorted", file: "unsorted.yaml", want: []string{"metadata-series-order:3"}},
		{name: "two documents", file: "multi-doc.yaml", want: []string{"metadata-multiple-documents:8"}},
		{name: "tabs", file: "tabs.yaml", want: []string{"metadata-yaml:4"}, parseErr: true},
		{name: "duplicate key (clusterctl keeps the later)", file: "duplicate-key.yaml", want: []string{"metadata-duplicate-key:6"}},
		{name: "top-level list", file: "top-list.yaml", want: []string{"metadata-yaml:1"}, parseErr: true},
		{name: "alias bomb", file: "alias-bomb.yaml", want: []string{"metadata-yaml:1"}, parseErr: true},
		{name: "comments only", file: "empty.yaml", want: []string{"metadata-yaml:0"}, parseErr: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			data := readFixture(t, filepath.Join("lint", c.file))
			found := Lint(c.file, data)
			if got := ruleLines(found); !slices.Equal(got, c.want) {
				t.Errorf("Lint() = %v, want %v\n%v", got, c.want, found)
			}
			for _, f := range found {
				if f.File != c.file || f.Message == "" || f.Severity == "" {
					t.Errorf("finding lacks file, severity or message: %+v", f)
				}
			}
			_, err := Parse(c.file, data)
			if (err != nil) != c.parseErr {
				t.Fatalf("Parse() error = %v, want error %v", err, c.parseErr)
			}
			if err != nil && !strings.Contains(err.Error(), c.file+":") {
				t.Errorf("Parse() error %q does not name the file and line", err)
			}
		})
	}
}

func TestParseGood(t *testing.T) {
	t.Parallel()
	m, err := Parse("good.yaml", readFixture(t, "lint/good.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Series{{0, 1, "v1alpha3"}, {0, 2, "v1alpha4"}, {1, 0, "v1beta1"}, {1, 1, "v1beta1"}}
	if m.APIVersion != APIVersion || m.Kind != Kind || !slices.Equal(m.ReleaseSeries, want) {
		t.Errorf("Parse() = %+v, want %v", m, want)
	}
}

func TestLintMessages(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file string
		want       []string
	}{
		{"string major explains clusterctl's error", "string-major.yaml", []string{`a string ("0")`, "cannot unmarshal", "without quotes"}},
		{"missing apiVersion names the versions", "missing-apiversion.yaml", []string{"v1.11+", APIVersion}},
		{"duplicate names the first line", "duplicate.yaml", []string{"first at line 4", `"v1beta2"`}},
		{"bad contract lists the contracts", "bad-contract.yaml", []string{`"v1.0"`, "v1alpha2, v1alpha3, v1alpha4, v1beta1, v1beta2"}},
		{"empty series says how to fix", "empty-series.yaml", []string{"add-series"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			text := Lint(c.file, readFixture(t, "lint/"+c.file)).Error()
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("Lint(%s) = %q, want it to contain %q", c.file, text, w)
				}
			}
		})
	}
}

// TestDuplicateSeverity: a repeated series is an error when its contract differs from
// the first entry's (clusterctl silently drops it), a warning when identical.
func TestDuplicateSeverity(t *testing.T) {
	t.Parallel()
	for file, want := range map[string]lint.Severity{"duplicate.yaml": lint.Error, "duplicate-same.yaml": lint.Warning} {
		for _, f := range Lint(file, readFixture(t, "lint/"+file)) {
			if f.Rule == RuleSeriesDuplicate && f.Severity != want {
				t.Errorf("%s: %s is %s, want %s", file, f, f.Severity, want)
			}
		}
	}
}

// TestRulesCoverEveryFinding: every finding has a rule and that rule's severity, or a
// lower one its message explains ("(warning, not error: ...)").
func TestRulesCoverEveryFinding(t *testing.T) {
	t.Parallel()
	ids := map[string]bool{}
	for _, r := range Rules() {
		if ids[r.ID] || !strings.HasPrefix(r.ID, "metadata-") || r.Contract == "" {
			t.Errorf("rule %+v is duplicated, unprefixed or undocumented", r)
		}
		ids[r.ID] = true
	}
	entries, err := os.ReadDir("testdata/lint")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		for _, f := range Lint(e.Name(), readFixture(t, "lint/"+e.Name())) {
			if !ids[f.Rule] || f.Severity != severity(f.Rule) && !strings.Contains(f.Message, "("+string(f.Severity)+", not error: ") {
				t.Errorf("%s: finding %s has no rule or another severity than its rule", e.Name(), f)
			}
		}
	}
}
