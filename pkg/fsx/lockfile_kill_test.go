//go:build linux || darwin

package fsx

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/child"
)

// TestLockFileFreedWhenItsHolderDies: a process killed while it holds a lock file
// (Lock's, and the one standing for a folder where folders cannot be flocked) blocks
// nobody: the next holder takes both at once.
func TestLockFileFreedWhenItsHolderDies(t *testing.T) {
	if step, ok := child.KillStep(); ok {
		for _, p := range []string{os.Getenv("CAPIREPO_LOCK_FILE"), os.Getenv("CAPIREPO_LOCK_DIR_FILE")} {
			if _, err := lockFile(t.Context(), p, time.Second); err != nil {
				t.Fatal(err)
			}
		}
		step() // killed holding both
		return
	}
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, LockFile)
	dirFile, err := dirLockPath(filepath.Join(dir, "locks"), dir)
	if err != nil {
		t.Fatal(err)
	}
	if !child.Killed(t, "TestLockFileFreedWhenItsHolderDies", 1, "CAPIREPO_LOCK_FILE="+file, "CAPIREPO_LOCK_DIR_FILE="+dirFile) {
		t.Fatal("the child finished instead of dying while it held the locks")
	}
	for _, p := range []string{file, dirFile} {
		unlock, ok, err := tryLockFile(p)
		if !ok || err != nil {
			t.Errorf("%s after its holder died: locked %v, %v; want the lock at once", filepath.Base(p), ok, err)
			continue
		}
		unlock()
	}
}
