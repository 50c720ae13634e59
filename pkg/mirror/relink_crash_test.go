//go:build linux || darwin

package mirror

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/testsupport/child"
)

// TestKillRelinkAtEveryStep re-runs this test binary as a relink that kills itself
// with SIGKILL at step 1, 2, ... of its write, until one finishes. After each kill
// clusterctl.yaml is the old file or the new one, whole; a re-run removes what the
// killed run staged and points every URL at the folder.
func TestKillRelinkAtEveryStep(t *testing.T) {
	if step, ok := child.KillStep(); ok {
		hook := func(fsx.Op, string) error { step(); return nil }
		if _, err := Relink(context.Background(), os.Getenv("CAPIREPO_RELINK_CRASH"), RelinkOptions{Hook: hook}); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Parallel()
	steps := 0
	for n := 1; n < 20; n++ {
		from, to := movedMirror(t)
		old := readFile(t, filepath.Join(to, clusterctlcfg.File))
		killed := child.Killed(t, "TestKillRelinkAtEveryStep", n, "CAPIREPO_RELINK_CRASH="+to)
		now := readFile(t, filepath.Join(to, clusterctlcfg.File))
		if now != old && (strings.Contains(now, from) || !strings.Contains(now, "file://"+to+"/infrastructure-foo/")) {
			t.Fatalf("step %d: clusterctl.yaml is neither the old nor the new file:\n%s", n, now)
		}
		if _, err := Relink(context.Background(), to, RelinkOptions{}); err != nil {
			t.Fatalf("step %d: re-run: %v", n, err)
		}
		if now := readFile(t, filepath.Join(to, clusterctlcfg.File)); strings.Contains(now, "file://"+from) {
			t.Errorf("step %d: after the re-run clusterctl.yaml still names %s:\n%s", n, from, now)
		}
		filepath.WalkDir(to, func(path string, d fs.DirEntry, err error) error {
			if err == nil && fsx.IsStaged(d.Name()) {
				t.Errorf("step %d: leftover %s after the re-run", n, path)
			}
			return nil
		})
		if !killed {
			steps = n - 1
			break
		}
	}
	if steps < 2 {
		t.Errorf("relink had %d steps; want at least the staged write and the rename", steps)
	}
}
