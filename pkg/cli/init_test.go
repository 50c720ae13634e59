package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// initTree is the tiny provider with a CRD, its provider label and a release target,
// without capirepo.yaml: init answers everything from the tree.
func initTree(t *testing.T) string {
	return questionTree(t, func(f map[string]string) {
		f["config/kustomization.yaml"] += "labels:\n- pairs:\n    cluster.x-k8s.io/provider: bootstrap-tiny\n"
		f[".github/workflows/release.yaml"] = "on:\n  push:\n    tags: ['v*']\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n    - run: |\n" +
			"        cd config && kustomize edit set image registry.example.com/tiny:${GITHUB_REF_NAME} && cd ..\n" +
			"        kustomize build config > out/bootstrap-components.yaml\n"
	})
}

// questionTree is initTree without the label and the release target: init names the
// provider after its folder and keeps the image it finds, and asks about both.
func questionTree(t *testing.T, edit func(map[string]string)) string {
	return sampleTree(t, func(f map[string]string) {
		delete(f, "capirepo.yaml")
		if edit != nil {
			defer edit(f)
		}
		f["config/kustomization.yaml"] = "namespace: tiny-system\nresources: [all.yaml, crd.yaml]\n"
		f["config/crd.yaml"] = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: tinyconfigs.bootstrap.cluster.x-k8s.io\n  labels:\n    cluster.x-k8s.io/v1beta1: v1beta1\nspec:\n  group: bootstrap.cluster.x-k8s.io\n  names: {kind: TinyConfig, listKind: TinyConfigList, plural: tinyconfigs, singular: tinyconfig}\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n    served: true\n    storage: true\n    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}\n"
	})
}

func TestInitWritesAConfigThatBuilds(t *testing.T) {
	t.Parallel()
	dir := initTree(t)
	code, stdout, stderr := runEnv(t, nil, "init", dir)
	cfg := filepath.Join(dir, "capirepo.yaml")
	if code != ExitQuestions || !strings.Contains(stdout, cfg) { // offline: the components folder is only scripted
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	written, err := os.ReadFile(cfg)
	if err != nil || !strings.Contains(string(written), "type: BootstrapProvider") || !strings.Contains(string(written), "kustomize: config # .github/workflows/release.yaml:10 renders it\n") {
		t.Fatalf("capirepo.yaml:\n%s (%v)", written, err)
	}
	out := filepath.Join(t.TempDir(), "dist")
	if code, _, stderr := runEnv(t, nil, "build", "--config", cfg, "--version", "v1.0.0", "--published=", "--out", out); code != ExitOK {
		t.Fatalf("build of the config init wrote: exit %d\n%s", code, stderr)
	}
	// It never overwrites: the second run refuses and leaves the file as it was.
	if err := os.WriteFile(cfg, []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runEnv(t, nil, "init", dir); code != ExitConflict || !strings.Contains(stderr, "already exists") {
		t.Errorf("init over an existing capirepo.yaml: exit %d %s", code, stderr)
	}
	if kept, _ := os.ReadFile(cfg); string(kept) != "# mine\n" {
		t.Errorf("init changed the existing file:\n%s", kept)
	}
	code, printed, _ := runEnv(t, nil, "init", "--stdout", dir)
	if code != ExitQuestions || printed != string(written) {
		t.Errorf("init --stdout: exit %d, printed a different config:\n%s", code, printed)
	}
	if code, _, stderr := runEnv(t, nil, "init", t.TempDir()); code != ExitInput || !strings.Contains(stderr, "no components folder") {
		t.Errorf("init of an empty folder: exit %d %s", code, stderr)
	}
}

// TestInitAsks: a value init takes from a default rather than the release path is
// written with a # QUESTION: line above it, listed on stderr with its config line,
// and init exits 10, with --stdout too.
func TestInitAsks(t *testing.T) {
	t.Parallel()
	dir := questionTree(t, nil)
	code, _, stderr := runEnv(t, nil, "init", dir)
	cfg := filepath.Join(dir, "capirepo.yaml")
	written, err := os.ReadFile(cfg)
	if code != ExitQuestions || err != nil {
		t.Fatalf("init: exit %d (%v)\n%s", code, err, stderr)
	}
	lines := strings.Split(string(written), "\n")
	for _, want := range []string{cfg + ":", "name: no cluster.x-k8s.io/provider label", "image: no release pipeline or target"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
		var n int
		if _, err := fmt.Sscanf(strings.TrimPrefix(l, "question: "+cfg+":"), "%d:", &n); strings.HasPrefix(l, "question: ") && (err != nil || n < 1 || n > len(lines) || !strings.Contains(lines[n-1], "# QUESTION: ")) {
			t.Errorf("%q does not name a QUESTION line of the config (%v)", l, err)
		}
	}
	code, printed, stderr2 := runEnv(t, nil, "init", "--stdout", dir)
	if code != ExitQuestions || printed != string(written) || !strings.Contains(stderr2, "question: line ") {
		t.Errorf("init --stdout: exit %d\n%s", code, stderr2)
	}
}
