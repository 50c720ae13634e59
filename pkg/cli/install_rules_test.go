package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/install"
	"github.com/capirepo/capirepo/pkg/testsupport/envtest"
)

// TestMain plays verify --install's child when the install starts this test binary
// as one (it re-runs its own executable in a private network namespace).
func TestMain(m *testing.M) {
	if os.Getenv(install.ChildEnv) == "1" {
		os.Exit(install.Child(os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// installScenarios make each install-* rule fire through verify --install against the
// real kube-apiserver, etcd and clusterctl v1.14.2 (skipped without them, failed
// when CAPIREPO_REQUIRE_CLUSTERCTL is set).
func installScenarios() map[string]ruleScenario {
	edit := func(file, old, new string) func(t *testing.T, rel string) {
		return func(t *testing.T, rel string) { replaceIn(t, filepath.Join(rel, file), old, new) }
	}
	return map[string]ruleScenario{
		install.RuleDryRun:   sampleInstall(edit("cluster-template-topology.yaml", "      replicas: ", "      replicaz: ")),
		install.RuleGenerate: sampleInstall(edit("cluster-template-topology.yaml", "class: sample-quick-start", "class: no-such-class")),
		install.RuleInit: sampleInstall(edit("infrastructure-components.yaml", "name: sampleclusters.infrastructure.cluster.x-k8s.io",
			"name: wrongname.infrastructure.cluster.x-k8s.io")),
		install.RuleUpgrade:           sampleUpgrade,
		install.RuleDryRunPlaceholder: sampleInstall(regionPattern),
	}
}

// limitRegion gives SampleCluster's spec.region a schema: the templates'
// ${SAMPLE_REGION} has no default, so capirepo makes its value up.
func limitRegion(schema string) func(t *testing.T, rel string) {
	return func(t *testing.T, rel string) {
		comp := filepath.Join(rel, "infrastructure-components.yaml")
		data := readFile(t, comp)
		open := "          spec:\n            type: object\n"
		i := strings.Index(data, "name: sampleclusters.infrastructure.cluster.x-k8s.io")
		j := strings.Index(data[i:], open)
		if i < 0 || j < 0 {
			t.Fatalf("%s: no SampleCluster spec schema", comp)
		}
		j += i + len("          spec:\n")
		writeText(t, comp, data[:j]+"            properties:\n              region:\n"+schema+data[j:])
	}
}

// A pattern no placeholder is made to fit: the API server refuses "placeholder".
var regionPattern = limitRegion("                pattern: ^[0-9]+$\n                type: string\n")

// TestInstallPlaceholderFitsTheSchema: a variable with no default that fills a field
// of at most 4 characters gets a value of 4 (the CRD's maxLength), which the real API
// server accepts: every flavor dry-runs clean, and the note says why.
func TestInstallPlaceholderFitsTheSchema(t *testing.T) {
	t.Parallel()
	args := sampleInstall(limitRegion("                maxLength: 4\n                type: string\n"))(t)
	code, stdout, stderr := runEnv(t, nil, args...)
	note := "cluster-template.yaml: SAMPLE_REGION=pppp (a placeholder, the CRD's maxLength 4 at SampleCluster spec.region: set it with --values)"
	if code != ExitOK || !strings.Contains(stdout, note) || !strings.Contains(stdout, "every flavor dry-runs clean") {
		t.Fatalf("exit %d, want 0, the note %q and every flavor clean\nstdout:\n%s\nstderr:\n%s", code, note, stdout, stderr)
	}
}

// sampleInstall builds the sample, changes its release folder, and verifies it with
// --install.
func sampleInstall(change func(t *testing.T, rel string)) ruleScenario {
	return func(t *testing.T) []string {
		tools := envtest.Find(t)
		dir := buildSampleDir(t)
		change(t, filepath.Join(dir, "infrastructure-sample", "v0.1.0"))
		return []string{"verify", dir, "--install", "--kubebuilder-assets", tools.Assets,
			"--clusterctl", tools.Clusterctl, "--clusterctl-config", tools.Config}
	}
}

// sampleUpgrade adds v0.1.1, whose SampleCluster CRD no longer has v1alpha1, the
// version v0.1.0 stores.
func sampleUpgrade(t *testing.T) []string {
	args := sampleInstall(func(*testing.T, string) {})(t)
	rel := filepath.Join(args[1], "infrastructure-sample")
	next := filepath.Join(rel, "v0.1.1")
	if err := os.CopyFS(next, os.DirFS(filepath.Join(rel, "v0.1.0"))); err != nil {
		t.Fatal(err)
	}
	comp := filepath.Join(next, "infrastructure-components.yaml")
	data := readFile(t, comp)
	i := strings.Index(data, "name: sampleclusters.infrastructure.cluster.x-k8s.io")
	j := i + strings.Index(data[i:], "  - name: v1alpha1")
	writeText(t, comp, data[:j]+"  - name: v1alpha2"+data[j+len("  - name: v1alpha1"):])
	return args
}

func buildSampleDir(t *testing.T) string {
	out := filepath.Join(t.TempDir(), "dist")
	code, _, stderr := runEnv(t, nil, "build", "--config", "../../examples/sample/capirepo.yaml", "--version", "v0.1.0", "--published=", "--out", out)
	if code != ExitOK {
		t.Fatalf("building the sample: exit %d\n%s", code, stderr)
	}
	return out
}

func replaceIn(t *testing.T, path, old, new string) {
	t.Helper()
	data := readFile(t, path)
	if !strings.Contains(data, old) {
		t.Fatalf("%s has no %q", path, old)
	}
	writeText(t, path, strings.Replace(data, old, new, 1))
}
