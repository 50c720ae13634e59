package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lint refuses what verify and mirror refuse: a components file of more documents
// than the cap, a metadata.yaml over 1 MiB; exit 3, naming the file and the cap.
func TestLintRefusesWhatReadersRefuse(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "bootstrap-tiny", "v1.0.0")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	md := "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n"
	for _, tt := range []struct {
		name, data, want string
	}{
		{"bootstrap-components.yaml", strings.Repeat("---\na: 1\n", 100_002), "holds more than 100000 YAML documents"},
		{"metadata.yaml", md + "# " + strings.Repeat("x", 1<<20) + "\n", "larger than the 1 MiB cap"},
	} {
		files := map[string]string{"metadata.yaml": md, "bootstrap-components.yaml": "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n"}
		files[tt.name] = tt.data
		for n, d := range files {
			if err := os.WriteFile(filepath.Join(dir, n), []byte(d), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		code, stdout, stderr := runEnv(t, nil, "lint", dir)
		if code != ExitInput || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, tt.name) {
			t.Errorf("%s: exit %d, want 3 naming the file and %q\n%s%s", tt.name, code, tt.want, stdout, stderr)
		}
	}
}
