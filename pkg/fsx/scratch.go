package fsx

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ScratchPrefix starts the name of every run's scratch folder (Scratch).
const ScratchPrefix = "capirepo-run-"

// Scratch creates a run's scratch folder in parent ("" = the system's temporary
// folder) and holds a lock on it until done, which removes it. Under the lock on
// parent, it first removes the scratch folders no live run holds: what runs killed
// before their done left. This housekeeping never fails or delays a run: the lock on
// parent is only tried (another run holding it is sweeping already), and where
// folders cannot be locked nothing is removed.
func Scratch(ctx context.Context, parent string) (dir string, done func(), err error) {
	if parent == "" {
		parent = os.TempDir()
	}
	unlockParent, locked, err := tryLockDir(parent)
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
	return dir, func() { os.RemoveAll(dir); unlock() }, nil
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
