package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/child"
)

// childConfig names the capirepo.yaml the child process uses (set only in the child).
const childConfig = "CAPIREPO_TEST_CLI_CONFIG"

// TestDeprecatedKustomizationWritesNothingToStderr runs build, lint and vars on a
// provider whose kustomization uses deprecated fields, in a child process: the
// deprecations are kustomize-deprecated findings in the command's own output, and
// nothing reaches the process's stderr.
func TestDeprecatedKustomizationWritesNothingToStderr(t *testing.T) {
	if cfg := os.Getenv(childConfig); cfg != "" {
		runCommandsInChild(t, cfg)
		return
	}
	t.Parallel()
	dir := sampleTree(t, func(f map[string]string) {
		f["config/kustomization.yaml"] = "namespace: tiny-system\nbases: [base]\ncommonLabels: {team: a}\npatchesStrategicMerge: [smp.yaml]\n"
		f["config/base/kustomization.yaml"], f["config/base/all.yaml"] = "resources: [all.yaml]\n", f["config/all.yaml"]
		f["config/smp.yaml"] = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: tiny}\nspec: {replicas: 2}\n"
	})
	if stderr := child.Stderr(t, "TestDeprecatedKustomizationWritesNothingToStderr", childConfig+"="+filepath.Join(dir, "capirepo.yaml")); stderr != "" {
		t.Errorf("the commands wrote to the process's stderr:\n%s", stderr)
	}
}

func runCommandsInChild(t *testing.T, cfg string) {
	out := filepath.Join(filepath.Dir(cfg), "dist")
	for _, args := range [][]string{
		{"build", "--config", cfg, "--version", "v1.0.0", "--out", out, "--published="},
		{"lint", "--config", cfg, "--version", "v1.0.0", "--published="},
		{"vars", "--config", cfg, "--version", "v1.0.0"},
	} {
		code, stdout, stderr := runEnv(t, nil, args...)
		if code != ExitOK {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
		if args[0] != "vars" && strings.Count(stdout+stderr, "kustomize-deprecated") != 3 {
			t.Errorf("%v: want the three deprecations as findings, got:\n%s%s", args, stdout, stderr)
		}
	}
}
