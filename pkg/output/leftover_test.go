package output_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/output"
)

// TestWriteRemovesWhatADeadBuildLeft: a build killed mid-write leaves its staged tree
// beside --out (".dist.capirepo-tmp-…", or ".dist.tmp-…" from older builds); one
// killed between the two renames of the fallback leaves the old tree set aside
// (".dist.capirepo-old-…") and no dist. The next build removes the first, restores
// then replaces the second, and leaves other folders' staging alone.
func TestWriteRemovesWhatADeadBuildLeft(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	out := filepath.Join(parent, "dist")
	if _, err := output.Write(out, sample("v1.0.0")); err != nil {
		t.Fatal(err)
	}
	setAside := filepath.Join(parent, ".dist.capirepo-old-dead1")
	if err := os.Rename(out, setAside); err != nil {
		t.Fatal(err)
	}
	for _, dead := range []string{".dist.capirepo-tmp-dead2", ".dist.tmp-dead3", ".other.capirepo-tmp-live"} {
		writeText(t, filepath.Join(parent, dead, "infrastructure-foo", "v1.0.0", "metadata.yaml"), "half")
	}
	if _, err := output.Write(out, sample("v1.0.1")); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(parent)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{".other.capirepo-tmp-live", "dist"}) {
		t.Errorf("beside --out: %v, want only dist and the other folder's staging", names)
	}
	set, err := localrepo.ReadSet(out)
	if err != nil || len(set.Releases) != 1 || set.Releases[0].Version.String() != "v1.0.1" {
		t.Errorf("ReadSet(dist) = %v, %v; want v1.0.1 only", set, err)
	}
}

func writeText(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
