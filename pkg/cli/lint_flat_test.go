package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintFlatFolderReportsMetadataOnce: a flat folder of two providers' components
// files beside one metadata.yaml reports each metadata.yaml finding once, and the
// findings of each components file as before.
func TestLintFlatFolderReportsMetadataOnce(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "v1.9.6")
	comp := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ${lower}\n  labels:\n    cluster.x-k8s.io/provider: "
	files := map[string]string{
		"core-components.yaml":      comp + "cluster-api\n",
		"bootstrap-components.yaml": comp + "bootstrap-kubeadm\n",
		"metadata.yaml":             "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nfoo: ${BAR}\n",
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, stdout, stderr := run(t, "lint", dir)
	count := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		count[line]++
		if count[line] > 1 {
			t.Errorf("reported twice: %s", line)
		}
	}
	for _, want := range []string{"metadata.yaml:3: warning vars-metadata", "metadata.yaml:3: warning metadata-unknown-field",
		"core-components.yaml:4: warning vars-name", "bootstrap-components.yaml:4: warning vars-name"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s%s", want, stdout, stderr)
		}
	}
}
