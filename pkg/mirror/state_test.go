package mirror

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestStateReadsNoLinks: a file the tree holds with its recorded checksum is reused;
// one reached through a linked version folder is not, however its content matches.
func TestStateReadsNoLinks(t *testing.T) {
	t.Parallel()
	dir, outside := t.TempDir(), t.TempDir()
	version := map[string]string{"a.yaml": "a", localrepo.ChecksumFile: string(localrepo.Checksums([]release.File{{Name: "a.yaml", Data: []byte("a")}}))}
	tree.WriteIn(t, filepath.Join(dir, "infrastructure-x", "v1.0.0"), version)
	tree.WriteIn(t, outside, version)
	if err := os.Symlink(outside, filepath.Join(dir, "infrastructure-x", "v1.1.0")); err != nil {
		t.Skipf("symlinks unsupported: %v", err)
	}
	s := newState(dir, &Manifest{}, false)
	if data, ok := s.read("infrastructure-x", "v1.0.0", "a.yaml"); !ok || string(data) != "a" {
		t.Errorf("read(v1.0.0/a.yaml) = %q, %v; want the file reused", data, ok)
	}
	if data, ok := s.read("infrastructure-x", "v1.1.0", "a.yaml"); ok {
		t.Errorf("read(a.yaml in a linked version folder) = %q, reused; want it read upstream again", data)
	}
}
