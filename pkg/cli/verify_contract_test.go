package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/verify"
)

// brokenLabelCRD is a BootstrapConfig CRD whose contract label names a version it does
// not define: a contract break (crd-contract-label), not something clusterctl fails on.
const brokenLabelCRD = `---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: tinyconfigs.bootstrap.cluster.x-k8s.io
  labels:
    cluster.x-k8s.io/v1beta1: v1beta2
spec:
  group: bootstrap.cluster.x-k8s.io
  names: {kind: TinyConfig, plural: tinyconfigs}
  scope: Namespaced
  versions: [{name: v1beta1, served: true, storage: true}]
`

// TestContractBreakIsNotAClusterctlFailure: verify reports a contract break with file
// and line as a warning (an error with --strict), and mirror does not call such a
// release one clusterctl could not use.
func TestContractBreakIsNotAClusterctlFailure(t *testing.T) {
	t.Parallel()
	repo := tinyRepo(t, "v1.0.0")
	comps := filepath.Join(repo, "bootstrap-tiny", "v1.0.0", "bootstrap-components.yaml")
	body, err := os.ReadFile(comps)
	if err != nil {
		t.Fatal(err)
	}
	writeText(t, comps, string(body)+brokenLabelCRD)
	code, out, _ := runEnv(t, nil, "verify", repo)
	if code != ExitOK || !strings.Contains(out, "bootstrap-components.yaml:") || !strings.Contains(out, "warning crd-contract-label: ") {
		t.Fatalf("verify exit %d, want 0 with a crd-contract-label warning naming the file:\n%s", code, out)
	}
	if code, out, _ := runEnv(t, nil, "verify", "--strict", repo); code != ExitFindings || !strings.Contains(out, "error crd-contract-label: ") {
		t.Errorf("verify --strict exit %d, want %d with the error:\n%s", code, ExitFindings, out)
	}
	mir := filepath.Join(t.TempDir(), "mirror")
	if code, out, errOut := runMirror(t, nil, "--out", mir, "--from-config", tinyFromConfig(t, repo), "--cert-manager", ""); code != ExitOK || strings.Contains(errOut, "could not use") {
		t.Errorf("mirror exit %d, want 0:\n%s\n%s", code, out, errOut)
	}
}

// TestClusterctlFailRulesExist: verify's list of rules that mean clusterctl fails
// names rules capirepo has.
func TestClusterctlFailRulesExist(t *testing.T) {
	t.Parallel()
	known := map[string]bool{}
	for _, r := range allRules() {
		known[r.ID] = true
	}
	known["yaml-parse"] = true // reported by check.ParseFinding, not a listed rule
	for _, id := range verify.ClusterctlFailRules() {
		if !known[id] {
			t.Errorf("verify treats %s as a clusterctl failure, but no such rule exists", id)
		}
	}
}
