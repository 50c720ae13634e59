package output_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/output"
	"github.com/capirepo/capirepo/pkg/release"
)

// A set whose file name climbs out of its version folder is refused before
// anything is staged: nothing is written beside or outside the output folder.
func TestWriteRefusesUnsafeNames(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	out := filepath.Join(parent, "dist")
	set := sample("v1.0.0")
	set.Releases[0].Files = append(set.Releases[0].Files, release.File{Name: "../../../escaped.yaml", Data: []byte("x")})
	if _, err := output.Write(out, set); err == nil {
		t.Fatal("Write accepted a file name with ../")
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 0 {
		t.Errorf("%s holds %v after a refused write, want nothing", parent, entries)
	}
}
