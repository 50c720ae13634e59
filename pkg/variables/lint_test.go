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
		RuleUnbraced:     {2, 3, 4},
		RuleComment:      {2, 3},
		RuleOperator:     {2, 3, 4, 5, 6},
		RuleNested:       {2, 3},
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
		name, in string
		kind     layout.Kind
		rule     string
		contains []string
	}{
		{name: "parse says what clusterctl prints and how to escape", in: "a: ${A-x}\n", kind: layout.KindTemplate,
			rule: RuleParse, contains: []string{"${A-x}", `"missing closing brace"`, "$${"}},
		{name: "github actions", in: "a: ${{ x }}\n", kind: layout.KindComponents,
			rule: RuleParse, contains: []string{`"unable to parse variable name"`, "$${{"}},
		{name: "inconsistent names first line", in: "a: ${A}\nb: ${A:=x}\n", kind: layout.KindTemplate,
			rule: RuleInconsistent, contains: []string{"(line 1)", `"x"`}},
		{name: "clusterclass lists the other lines of the name", in: "b: ${B}\na: ${A}\nc: ${A:=x}\nd: ${A}\n", kind: layout.KindClusterClass,
			rule: RuleClusterClass, contains: []string{"${A}", "(also on lines 3, 4)"}},
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
		kind  layout.Kind
		rules []string
	}{
		{kind: layout.KindComponents, rules: []string{RuleImage}},
		{kind: layout.KindTemplate, rules: nil},
		{kind: layout.KindClusterClass, rules: []string{RuleClusterClass}},
		{kind: layout.KindMetadata, rules: []string{RuleMetadata}},
		{kind: layout.KindOther, rules: nil},
	}
	for _, tt := range tests {
		t.Run(string(tt.kind), func(t *testing.T) {
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

// TestLintOncePerName checks the rules reported at most once per name and file.
func TestLintOncePerName(t *testing.T) {
	t.Parallel()
	in := []byte("a: ${A}\nb: ${A:=x}\nc: ${A}\nd: ${B:0:5}\ne: ${B:1:2}\n")
	count := map[string]int{}
	for _, f := range Lint("clusterclass-x.yaml", in, layout.KindClusterClass) {
		count[f.Rule]++
	}
	want := map[string]int{RuleClusterClass: 2, RuleOperator: 1, RuleInconsistent: 1}
	if !reflect.DeepEqual(count, want) {
		t.Errorf("findings per rule = %v, want %v", count, want)
	}
}

// TestLintPresetNamesOnlyForTemplates checks that the names clusterctl sets for
// templates are still reported where clusterctl does not set them (components).
func TestLintPresetNamesOnlyForTemplates(t *testing.T) {
	t.Parallel()
	in := []byte("a: ${SECRET_NAMESPACE:=${NAMESPACE}}\n")
	tests := []struct {
		kind layout.Kind
		want int
	}{
		{kind: layout.KindTemplate, want: 0},
		{kind: layout.KindClusterClass, want: 0},
		{kind: layout.KindComponents, want: 1},
	}
	for _, tt := range tests {
		n := 0
		for _, f := range Lint("f.yaml", in, tt.kind) {
			if f.Rule == RuleNested {
				n++
			}
		}
		if n != tt.want {
			t.Errorf("Lint(kind %s) %s findings = %d, want %d", tt.kind, RuleNested, n, tt.want)
		}
	}
}

func TestLintUnbracedIsANote(t *testing.T) {
	t.Parallel()
	fs := Lint("cluster-template.yaml", []byte("files:\n- content: |\n    echo $KUBEADM_MINOR\n"), layout.KindTemplate)
	if len(fs) != 1 || fs[0].Rule != RuleUnbraced || fs[0].Severity != lint.Note || fs[0].Line != 3 {
		t.Errorf("findings = %+v, want one %s note on line 3", fs, RuleUnbraced)
	}
}

// TestInconsistentDefaultAsRendered: defaults that differ only in quoting render the
// same value and are consistent; different values are not.
func TestInconsistentDefaultAsRendered(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want int
	}{
		{"a: \"${P:=6443}\"\nb: ${P:=\"6443\"}\n", 0},
		{"a: '${P:=6443}'\nb: ${P:='6443'}\n", 0},
		{"- ${P:=\"6443\"}\n- \"${P:=6443}\" # port\n", 0},
		{"a: \"${P:=6443}\"\nb: ${P:=\"6444\"}\n", 1},
		{"a: ${P:=6443}\nb: ${P:=\"6443\"}\n", 1},     // the number 6443 and the string 6443
		{"a: x-${P:=6443}\nb: x-${P:=\"6443\"}\n", 1}, // inside longer text: compared as written
	}
	for _, c := range cases {
		fs := Lint("cluster-template.yaml", []byte(c.in), layout.KindTemplate)
		if got := fs.Without(map[string]bool{}); countRule(got, RuleInconsistent) != c.want {
			t.Errorf("%q: %d %s findings, want %d: %v", c.in, countRule(got, RuleInconsistent), RuleInconsistent, c.want, got)
		}
	}
}

func countRule(fs lint.Findings, id string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == id {
			n++
		}
	}
	return n
}

// TestCommentMessage: a variable in a comment is "must set" only when clusterctl lists
// it as required (its first occurrence decides); with a default it is optional, and
// clusterctl sets CLUSTER_NAME.
func TestCommentMessage(t *testing.T) {
	t.Parallel()
	in := "region: ${FOO_REGION:=us-east-1}\n# ${FOO_REGION}, ${CLUSTER_NAME}, ${FOO_SIZE}\n"
	got := map[string]string{}
	for _, f := range Lint("cluster-template.yaml", []byte(in), layout.KindTemplate) {
		if f.Rule == RuleComment {
			got[strings.Fields(f.Message)[0]] = f.Message
		}
	}
	want := map[string]string{"${FOO_REGION}": `optional (default "us-east-1")`, "${CLUSTER_NAME}": "clusterctl fills in CLUSTER_NAME", "${FOO_SIZE}": "users must set FOO_SIZE"}
	for text, part := range want {
		if !strings.Contains(got[text], part) {
			t.Errorf("finding for %s is %q, want it to say %q", text, got[text], part)
		}
	}
}
