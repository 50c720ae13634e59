package fsx

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ScratchPrefix starts the name of every run's scratch folder (Scratch).
const ScratchPrefix = "capirepo-run-"

// Scratch creates a run's scratch folder in parent ("" = the system's temporary
// folder) and holds a lock on it until done, which removes it. Under the lock on
// parent, it first removes the scratch folders no live run holds: what runs killed
// before their done left. The new folder is made and locked under that lock too, so
// no sweep sees it unlocked. Waiting for another run's sweep is silent (it is
// housekeeping, not another writer: no wait notice); the housekeeping never fails a
// run: where folders cannot be locked, or the lock on parent is not had in time,
// nothing is removed.
func Scratch(ctx context.Context, parent string) (dir string, done func(), err error) {
	if parent == "" {
		parent = os.TempDir()
	}
	unlockParent, locked, err := lockDir(quiet{ctx}, parent, DefaultLockWait)
	if err == nil && locked {
		defer unlockParent()
	}
	if ctx.Err() != nil {
		return "", nil, ctx.Err()
	}
	if err == nil && locked {
		if err := removeDeadScratch(parent); err != nil {
			return "", nil, err
		}
	}
	if dir, err = os.MkdirTemp(parent, ScratchPrefix); err != nil {
		return "", nil, fmt.Errorf("creating a temporary folder: %w", err)
	}
	unlock, ok, err := tryLockDir(dir)
	if !ok || err != nil { // unlocked: a sweeper cannot lock it either, and skips it
		unlock = func() {}
	}
	return dir, func() { removeAllSettled(dir); unlock() }, nil
}

// removeAllSettled removes dir, trying again a few times when an interrupted render
// that runs on adds an entry while the folder is being emptied ("directory not empty").
func removeAllSettled(dir string) {
	for i := 0; os.RemoveAll(dir) != nil && i < 5; i++ {
		time.Sleep(10 * time.Millisecond)
	}
}

// quiet is ctx without its wait notice.
type quiet struct{ context.Context }

func (q quiet) Value(key any) any {
	if _, ok := key.(waitKey); ok {
		return nil
	}
	return q.Context.Value(key)
}

// removeDeadScratch removes every scratch folder of parent that no run holds.
func removeDeadScratch(parent string) error {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return fmt.Errorf("reading %s: %w", parent, err)
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), ScratchPrefix) {
			continue
		}
		path := filepath.Join(parent, e.Name())
		unlock, ok, err := tryLockDir(path)
		if err != nil || !ok {
			continue // held by a live run, or gone meanwhile
		}
		err = os.RemoveAll(path)
		unlock()
		if err != nil {
			return fmt.Errorf("removing %s, left by a killed run: %w", path, err)
		}
	}
	return nil
}
