package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLintReleasePicksMainComponents: with a main and a variant components file, verify
// lints the release as having the recommended file, whatever the map order.
func TestLintReleasePicksMainComponents(t *testing.T) {
	t.Parallel()
	rel := filepath.Join(builtTiny(t), "bootstrap-tiny", "v1.0.0")
	files := map[string][]byte{}
	for _, n := range []string{"metadata.yaml", "bootstrap-components.yaml"} {
		data, err := os.ReadFile(filepath.Join(rel, n))
		if err != nil {
			t.Fatal(err)
		}
		files[n] = data
	}
	files["bootstrap-components-development.yaml"] = files["bootstrap-components.yaml"]
	for i := 0; i < 20; i++ {
		for _, f := range lintRelease("bootstrap-tiny", "v1.0.0", files) {
			if f.Rule == "components-file-name" {
				t.Fatalf("run %d: the variant was taken as the components file: %v", i, f)
			}
		}
	}
}
