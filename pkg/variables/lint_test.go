package variables

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// lintFixture lints the single file in testdata/lint/<rule>/<dir>.
func lintFixture(t *testing.T, rule, dir string) lint.Findings {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "lint", rule, dir, "*.yaml"))
	if err != nil || len(paths) != 1 {
		t.Fatalf("want one fixture in testdata/lint/%s/%s, got %v (%v)", rule, dir, paths, err)
	}
	data, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(paths[0])
	return Lint(name, data, layout.FileKind(name))
}

func TestLintFixtures(t *testing.T) {
	t.Parallel()
	want := map[string][]int{ // rule => lines of its findings in bad/
		RuleParse:        {6, 9, 10, 11},
		RuleImage:        {10, 14},
		RuleClusterClass: {10},
		RuleSpacing:      {2, 3, 5},
		RuleEmptyDefault: {2, 3},
		RuleInconsistent: {3, 5, 7},
		RuleUnbraced:     {2, 3},
		RuleComment:      {2, 3},
		RuleOperator:     {2, 3, 4, 5},
		RuleNested:       {2},
		RuleName:         {2, 3},
		RuleMetadata:     {6},
	}
	for _, r := range Rules() {
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel()
			var lines []int
			for _, f := range lintFixture(t, r.ID, "bad") {
				if f.Rule == r.ID {
					lines = append(lines, f.Line)
					if f.Severity != r.Severity || f.File == "" || f.Message == "" {
						t.Errorf("finding %+v does not match rule %+v", f, r)
					}
				}
			}
			if !reflect.DeepEqual(lines, want[r.ID]) {
				t.Errorf("%s findings on lines %v, want %v", r.ID, lines, want[r.ID])
			}
			if good := lintFixture(t, r.ID, "good"); len(good) > 0 {
				t.Errorf("good fixture has findings:\n%s", good.Error()+findingsText(good))
			}
		})
	}
}

func findingsText(fs lint.Findings) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.String() + "\n")
	}
	return b.String()
}

func TestLintMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, kind string
		rule           string
		contains       []string
	}{
		{name: "parse says what clusterctl prints and how to escape", in: "a: ${A-x}\n", kind: layout.KindTemplate,
			rule: RuleParse, contains: []string{"${A-x}", `"missing closing brace"`, "$${"}},
		{name: "github actions", in: "a: ${{ x }}\n", kind: layout.KindComponents,
			rule: RuleParse, contains: []string{`"unable to parse variable name"`, "$${{"}},
		{name: "inconsistent names first line", in: "a: ${A}\nb: ${A:=x}\n", kind: layout.KindTemplate,
			rule: RuleInconsistent, contains: []string{"(line 1)", `"x"`}},
		{name: "image names the failing commands", in: "  - image: ${IMG}\n", kind: layout.KindComponents,
			rule: RuleImage, contains: []string{"--raw", "list-images", "invalid reference format"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fs := Lint("f.yaml", []byte(tt.in), tt.kind)
			var msg string
			for _, f := range fs {
				if f.Rule == tt.rule {
					msg = f.Message
				}
			}
			for _, c := range tt.contains {
				if !strings.Contains(msg, c) {
					t.Errorf("%s message %q lacks %q", tt.rule, msg, c)
				}
			}
		})
	}
}

func TestLintKinds(t *testing.T) {
	t.Parallel()
	in := []byte("image: ${IMG}\n")
	tests := []struct {
		kind  string
		rules []string
	}{
		{kind: layout.KindComponents, rules: []string{RuleImage}},
		{kind: layout.KindTemplate, rules: nil},
		{kind: layout.KindClusterClass, rules: []string{RuleClusterClass}},
		{kind: layout.KindMetadata, rules: []string{RuleMetadata}},
		{kind: layout.KindOther, rules: nil},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			t.Parallel()
			var rules []string
			for _, f := range Lint("f.yaml", in, tt.kind) {
				rules = append(rules, f.Rule)
			}
			if !reflect.DeepEqual(rules, tt.rules) {
				t.Errorf("Lint(kind %s) rules = %v, want %v", tt.kind, rules, tt.rules)
			}
		})
	}
}
