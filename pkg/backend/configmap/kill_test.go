//go:build linux || darwin

package configmap

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/child"
)

// killChild runs in the re-executed test binary: it writes the second run into dir
// and calls step (which kills it at its n-th call) before each write or rename.
func killChild(t *testing.T, dir string, step func()) {
	d := &Dest{Dir: dir, Hook: func(fsx.Op, string) error { step(); return nil }}
	if _, err := publish.Publish(t.Context(), &release.Set{Releases: secondRun()}, d, publish.Policy{}); err != nil {
		t.Fatal(err)
	}
}

// TestKillAtEveryStep kills publish configmaps before each of its writes and renames
// and shows after each: every file kubectl would read is whole, and the next run
// removes what the dead one staged and gives the folder of a clean run, byte for byte.
func TestKillAtEveryStep(t *testing.T) {
	if step, ok := child.KillStep(); ok {
		killChild(t, os.Getenv("CAPIREPO_KILL_DIR"), step)
		return
	}
	t.Parallel()
	want := cleanRun(t)
	leftStaging := false
	for n := 1; ; n++ {
		ran, staged := killAt(t, n, want)
		if !ran {
			break
		}
		leftStaging = leftStaging || staged
	}
	if !leftStaging {
		t.Error("no kill left a staged file: the test does not reach a dead run's leftovers")
	}
}

// killAt kills the run at step n and checks the folder; ran is false when the run
// finished before step n, staged tells that the dead run left a staged file.
func killAt(t *testing.T, n int, want map[string]string) (ran, staged bool) {
	t.Helper()
	dir := t.TempDir()
	mustPublishTo(t, dir, firstRun()...)
	if !child.Killed(t, "TestKillAtEveryStep", n, "CAPIREPO_KILL_DIR="+dir) {
		if n < 4 {
			t.Fatalf("the run finished after %d steps; the hook is not reached", n-1)
		}
		return false, false
	}
	if _, err := ReadDir(dir); err != nil {
		t.Errorf("step %d: a file kubectl reads is not whole: %v", n, err)
	}
	for name := range readTree(t, dir) {
		staged = staged || strings.Contains(name, ".capirepo-tmp-")
	}
	mustPublishTo(t, dir, secondRun()...)
	sameFolder(t, "step "+strconv.Itoa(n)+" re-run", readTree(t, dir), want)
	return true, staged
}
