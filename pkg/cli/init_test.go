package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// initTree is the tiny provider with a CRD and without capirepo.yaml.
func initTree(t *testing.T) string {
	return sampleTree(t, func(f map[string]string) {
		delete(f, "capirepo.yaml")
		f["config/kustomization.yaml"] = "namespace: tiny-system\nresources: [all.yaml, crd.yaml]\n"
		f["config/crd.yaml"] = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: tinyconfigs.bootstrap.cluster.x-k8s.io\n  labels:\n    cluster.x-k8s.io/v1beta1: v1beta1\nspec:\n  group: bootstrap.cluster.x-k8s.io\n  names: {kind: TinyConfig, listKind: TinyConfigList, plural: tinyconfigs, singular: tinyconfig}\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n    served: true\n    storage: true\n    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}\n"
	})
}

func TestInitWritesAConfigThatBuilds(t *testing.T) {
	t.Parallel()
	dir := initTree(t)
	code, stdout, stderr := runEnv(t, nil, "init", dir)
	cfg := filepath.Join(dir, "capirepo.yaml")
	if code != ExitOK || !strings.Contains(stdout, cfg) {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	written, err := os.ReadFile(cfg)
	if err != nil || !strings.Contains(string(written), "type: BootstrapProvider") || !strings.Contains(string(written), "kustomize: config\n") {
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
	if code != ExitOK || printed != string(written) {
		t.Errorf("init --stdout: exit %d, printed a different config:\n%s", code, printed)
	}
	if code, _, stderr := runEnv(t, nil, "init", t.TempDir()); code != ExitInput || !strings.Contains(stderr, "no components folder") {
		t.Errorf("init of an empty folder: exit %d %s", code, stderr)
	}
}
