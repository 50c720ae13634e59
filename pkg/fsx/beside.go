package fsx

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// LockBeside takes the lock on path's folder (an flock on the folder itself: no file
// is created) that every capirepo writer of a file or tree there takes, then puts
// back a path a dead run had set aside and removes the rest of what dead runs left
// beside path (a staged copy, or the old one an exchange left under the staged
// name). Where folders cannot be flocked, a lock file stands for the folder
// (lock_other.go). The folder must exist.
func LockBeside(ctx context.Context, path string) (unlock func(), err error) {
	parent := filepath.Dir(path)
	unlock, locked, err := lockDir(ctx, parent, DefaultLockWait)
	if err != nil {
		return nil, err
	}
	if locked {
		err = cleanBeside(parent, filepath.Base(path))
	}
	if err != nil {
		unlock()
		return nil, err
	}
	return unlock, nil
}

// LockOwned takes the lock on dir (as LockBeside) of a folder only capirepo writes,
// such as the download cache, and removes every staged entry in it: capirepo's, and
// the unmarked ones older versions left. The folder must exist.
func LockOwned(ctx context.Context, dir string) (unlock func(), err error) {
	unlock, locked, err := lockDir(ctx, dir, DefaultLockWait)
	if err != nil {
		return nil, err
	}
	if locked {
		if err = (&FS{Mark: Mark}).Clean(dir); err == nil {
			err = (*FS)(nil).Clean(dir)
		}
	}
	if err != nil {
		unlock()
		return nil, err
	}
	return unlock, nil
}

// cleanBeside handles the staged entries of dir that belong to base: capirepo's, and
// the unmarked ones older builds left. A set-aside copy whose target is missing is
// put back; everything else staged is removed.
func cleanBeside(dir, base string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading %s: %w", dir, err)
	}
	target := filepath.Join(dir, base)
	for _, e := range entries {
		b, mark := (&FS{Mark: Mark}).StagedBase(e.Name())
		if b == "" {
			b, mark = stagedBase(e.Name())
		}
		if b != base {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if _, err := os.Lstat(target); errors.Is(err, fs.ErrNotExist) && (mark == OldMark || mark == "."+Mark+"-old-") {
			if err := os.Rename(path, target); err != nil {
				return fmt.Errorf("restoring %s, set aside by an interrupted run: %w", target, err)
			}
			continue
		}
		if err := os.RemoveAll(path); err != nil {
			return fmt.Errorf("removing %s, left by an interrupted run: %w", path, err)
		}
	}
	return nil
}
