package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// TestOutputModes builds, publishes locally and mirrors, then checks that every file
// of the three trees is 0644 and every folder 0755 (less umask): readable by the web
// server or the other user that serves an air-gapped repository.
func TestOutputModes(t *testing.T) {
	t.Parallel()
	dir := sampleTree(t, nil)
	dist, repo, mir := filepath.Join(dir, "dist"), filepath.Join(t.TempDir(), "repo"), filepath.Join(t.TempDir(), "mirror")
	if code, out, errOut := runEnv(t, nil, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", dist); code != 0 {
		t.Fatalf("build exit %d: %s %s", code, out, errOut)
	}
	if code, out, errOut := runEnv(t, nil, "publish", "local", "--from", dist, "--to", repo); code != 0 {
		t.Fatalf("publish local exit %d: %s %s", code, out, errOut)
	}
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: tiny, type: BootstrapProvider, url: \"file://"+repo+"/bootstrap-tiny/v1.0.0/bootstrap-components.yaml\"}\n")
	if code, out, errOut := runMirror(t, nil, "--out", mir, "--from-config", from, "--cert-manager", ""); code != 0 {
		t.Fatalf("mirror exit %d: %s %s", code, out, errOut)
	}
	mask := tree.Umask(t)
	for _, root := range []string{dist, repo, mir} {
		n := 0
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			fi, _ := d.Info()
			want := os.FileMode(0o644)
			if d.IsDir() {
				want = 0o755
			}
			if got := fi.Mode().Perm(); got != want&^mask {
				t.Errorf("%s: mode %v, want %v", path, got, want&^mask)
			}
			n++
			return nil
		})
		if n < 4 {
			t.Errorf("%s holds %d entries; the tree was not written", root, n)
		}
	}
}
