package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ruleScenario makes one rule fire through a real command (build, lint, verify or
// metadata check) and returns the command line.
type ruleScenario func(t *testing.T) []string

// TestEveryListedRuleFires: each rule `lint --list-rules` prints has a scenario, and
// the scenario's command reports that rule.
func TestEveryListedRuleFires(t *testing.T) {
	t.Parallel()
	code, stdout, _ := runEnv(t, nil, "lint", "--list-rules")
	if code != ExitOK {
		t.Fatalf("--list-rules: exit %d", code)
	}
	scenarios := ruleScenarios(t)
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		id := strings.Fields(line)[0]
		sc := scenarios[id]
		if sc == nil {
			t.Errorf("rule %s is listed but has no scenario in ruleScenarios: add one that makes it fire", id)
			continue
		}
		delete(scenarios, id)
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			args := sc(t)
			_, stdout, stderr := runEnv(t, nil, args...)
			fired := regexp.MustCompile(`(?m)("rule": "` + regexp.QuoteMeta(id) + `"|(error|warning|note) ` + regexp.QuoteMeta(id) + `: )`)
			if !fired.MatchString(stdout + stderr) {
				t.Errorf("capirepo %s does not report %s\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), id, stdout, stderr)
			}
		})
	}
	for id := range scenarios {
		t.Errorf("scenario for %s, which --list-rules does not list", id)
	}
}

// ruleScenarios: the contract and vars rules reuse their packages' failing fixtures,
// laid out as a release folder; the rest are written here.
func ruleScenarios(t *testing.T) map[string]ruleScenario {
	out := map[string]ruleScenario{}
	dirs, _ := filepath.Glob("../contract/testdata/rules/*/fail")
	for _, d := range dirs {
		out[filepath.Base(filepath.Dir(d))] = lintFixtureDir(d)
	}
	dirs, _ = filepath.Glob("../variables/testdata/lint/*/bad")
	for _, d := range dirs {
		out[filepath.Base(filepath.Dir(d))] = lintFixtureDir(d)
	}
	if len(out) == 0 {
		t.Fatal("no rule fixtures found")
	}
	for id, file := range metadataFixtures {
		out[id] = lintMetadata(readFile(t, "../metadata/testdata/lint/"+file))
	}
	for id, sc := range generatedScenarios() {
		out[id] = sc
	}
	for id, sc := range upgradeScenarios() { // upgrade_test.go
		out[id] = sc
	}
	for id, sc := range installScenarios() { // install_rules_test.go
		out[id] = sc
	}
	return out
}

// metadataFixtures maps metadata rules to pkg/metadata's failing fixtures.
var metadataFixtures = map[string]string{
	"metadata-yaml": "tabs.yaml", "metadata-multiple-documents": "multi-doc.yaml",
	"metadata-api-version-missing": "missing-apiversion.yaml", "metadata-api-version": "wrong-apiversion.yaml",
	"metadata-kind-missing": "missing-kind.yaml", "metadata-kind": "wrong-kind.yaml",
	"metadata-series-empty": "empty-series.yaml", "metadata-series-value": "string-major.yaml",
	"metadata-series-field-missing": "missing-minor.yaml", "metadata-series-duplicate": "duplicate.yaml",
	"metadata-series-order": "unsorted.yaml", "metadata-unknown-field": "unknown-fields.yaml",
	"metadata-contract": "bad-contract.yaml", "metadata-duplicate-key": "duplicate-key.yaml",
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// meta is a metadata.yaml with series "MAJOR.MINOR CONTRACT".
func meta(series ...string) string {
	s := "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n"
	for _, x := range series {
		mm, contract, _ := strings.Cut(x, " ")
		major, minor, _ := strings.Cut(mm, ".")
		s += "- {major: " + major + ", minor: " + minor + ", contract: " + contract + "}\n"
	}
	return s
}

// releaseFolder writes ROOT/<label>/<version>/ with the files and returns ROOT.
func releaseFolder(t *testing.T, label, version string, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		writeText(t, filepath.Join(root, label, version, name), body)
	}
	return root
}

// inputOf reads a contract fixture's "# input: label=... contract=..." line.
func inputOf(files map[string]string) (label, contract string) {
	label, contract = "infrastructure-foo", "v1beta1"
	for _, body := range files {
		for _, line := range strings.Split(body, "\n") {
			rest, ok := strings.CutPrefix(line, "# input:")
			if !ok {
				continue
			}
			for _, kv := range strings.Fields(rest) {
				switch k, v, _ := strings.Cut(kv, "="); k {
				case "label":
					label = v
				case "contract":
					contract = v
				}
			}
		}
	}
	return label, contract
}

// lintFixtureDir lints a fixture folder laid out as <label>/v1.0.0/ with a metadata.yaml.
func lintFixtureDir(dir string) ruleScenario {
	return func(t *testing.T) []string {
		files := map[string]string{}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			files[e.Name()] = readFile(t, filepath.Join(dir, e.Name()))
		}
		label, contract := inputOf(files)
		if _, ok := files["metadata.yaml"]; !ok {
			files["metadata.yaml"] = meta("1.0 " + contract)
		}
		return []string{"lint", "--format", "json", filepath.Join(releaseFolder(t, label, "v1.0.0", files), label, "v1.0.0")}
	}
}

// lintMetadata lints a release whose metadata.yaml is body.
func lintMetadata(body string) ruleScenario {
	return lintReleaseFolder("v1.0.0", map[string]string{"metadata.yaml": body})
}

// lintRelease lints infrastructure-foo/<version>/ holding a clean components file and files.
func lintReleaseFolder(version string, files map[string]string) ruleScenario {
	return func(t *testing.T) []string {
		all := map[string]string{"infrastructure-components.yaml": "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n"}
		for k, v := range files {
			all[k] = v
		}
		root := releaseFolder(t, "infrastructure-foo", version, all)
		return []string{"lint", "--format", "json", filepath.Join(root, "infrastructure-foo", version)}
	}
}
