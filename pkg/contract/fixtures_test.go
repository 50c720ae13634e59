package contract

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// fixture is a folder of release files; components files carry a
// "# input: type=... label=... contract=... allow-no-namespace=true" line, and
// lines the checks must report end in "# want" ("# want-file" for file-level findings).
type fixture struct {
	findings lint.Findings
	wants    []string // "file:line"
}

func loadFixture(t *testing.T, dir string) fixture {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("reading fixture %s: %v", dir, err)
	}
	var fx fixture
	var templates, classes []TemplateFile
	for _, e := range entries {
		name := e.Name()
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		docs, err := manifest.Split(data)
		if err != nil {
			t.Fatalf("parsing %s/%s: %v", dir, name, err)
		}
		fx.wants = append(fx.wants, wantMarks(name, string(data))...)
		switch layout.FileKind(name) {
		case layout.KindComponents:
			in := inputFor(name, string(data), docs)
			fx.findings = append(fx.findings, Components(in)...)
			fx.findings = append(fx.findings, ComponentsFileName(layout.Type(in.Type), name)...)
		case layout.KindTemplate:
			templates = append(templates, TemplateFile{Name: name, Docs: docs})
		case layout.KindClusterClass:
			classes = append(classes, TemplateFile{Name: name, Docs: docs})
		}
	}
	fx.findings = append(fx.findings, Templates(templates, classes)...)
	sort.Strings(fx.wants)
	return fx
}

func inputFor(name, data string, docs []manifest.Doc) Input {
	in := Input{File: name, Docs: docs}
	for _, line := range strings.Split(data, "\n") {
		rest, ok := strings.CutPrefix(line, "# input:")
		if !ok {
			continue
		}
		for _, kv := range strings.Fields(rest) {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "type":
				in.Type = v
			case "label":
				in.Label = v
			case "contract":
				in.Contract = v
			case "allow-no-namespace":
				in.AllowNoNamespace = v == "true"
			}
		}
	}
	return in
}

func wantMarks(name, data string) []string {
	var out []string
	for i, line := range strings.Split(data, "\n") {
		switch {
		case strings.HasSuffix(line, "# want-file"):
			out = append(out, name+":0")
		case strings.HasSuffix(line, "# want"):
			out = append(out, fmt.Sprintf("%s:%d", name, i+1))
		}
	}
	return out
}

// reported returns "file:line" of the findings of one rule, sorted.
func reported(fs lint.Findings, id string) []string {
	var out []string
	for _, f := range fs {
		if f.Rule == id {
			out = append(out, fmt.Sprintf("%s:%d", f.File, f.Line))
		}
	}
	sort.Strings(out)
	return out
}

var notComponents = map[string]bool{RuleKustomizeDeprecated.ID: true, RuleTemplatesEmpty.ID: true, RuleProviderTypeLabel.ID: true}

// TestRuleFixtures runs every rule over its failing and passing fixture.
func TestRuleFixtures(t *testing.T) {
	t.Parallel()
	for _, r := range Rules() {
		if notComponents[r.ID] {
			continue // rules about build inputs: tested in pkg/pipeline
		}
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel()
			fail := loadFixture(t, filepath.Join("testdata", "rules", r.ID, "fail"))
			got := reported(fail.findings, r.ID)
			if len(fail.wants) == 0 || strings.Join(got, " ") != strings.Join(fail.wants, " ") {
				t.Errorf("failing fixture: %s reported at %v, want %v\n%s", r.ID, got, fail.wants, fail.findings)
			}
			for _, f := range fail.findings {
				if f.Rule == r.ID && f.Severity != r.Severity {
					t.Errorf("finding %s has severity %s, rule says %s", f, f.Severity, r.Severity)
				}
			}
			pass := loadFixture(t, filepath.Join("testdata", "rules", r.ID, "pass"))
			if got := reported(pass.findings, r.ID); len(got) > 0 {
				t.Errorf("passing fixture: %s reported at %v\n%s", r.ID, got, pass.findings)
			}
		})
	}
}

// TestRealProviders: shapes of real providers must produce no finding at all.
func TestRealProviders(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob(filepath.Join("testdata", "real", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			if fx := loadFixture(t, dir); len(fx.findings) > 0 {
				t.Errorf("unexpected findings:\n%s", strings.Join(lines(fx.findings), "\n"))
			}
		})
	}
}

func lines(fs lint.Findings) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.String())
	}
	return out
}

// TestVerdicts: real-shaped releases (testdata/verdicts, written after real providers'
// CRDs) get exactly the errors their "# expect: error RULE" lines name, and at least
// the warnings and notes their "# expect: SEVERITY RULE" lines name: the false errors
// the cluster-api v1.14 audit found stay warnings, real breaks stay errors.
func TestVerdicts(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob(filepath.Join("testdata", "verdicts", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			fx := loadFixture(t, dir)
			expected := expectations(t, dir)
			got := map[string]bool{}
			for _, f := range fx.findings {
				got[string(f.Severity)+" "+f.Rule] = true
				if f.Severity == lint.Error && !expected[string(f.Severity)+" "+f.Rule] {
					t.Errorf("unexpected error: %s", f)
				}
			}
			for e := range expected {
				if !got[e] {
					t.Errorf("expected %s, got:\n%s", e, strings.Join(lines(fx.findings), "\n"))
				}
			}
		})
	}
}

// expectations reads the "# expect: SEVERITY RULE" lines of a fixture folder.
func expectations(t *testing.T, dir string) map[string]bool {
	out := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if e, ok := strings.CutPrefix(l, "# expect: "); ok {
				out[strings.TrimSpace(e)] = true
			}
		}
	}
	return out
}
