//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package fsx

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"
)

// lock takes an exclusive lock on root/.capirepo.lock (lockFile: LockFileEx on
// Windows), polling until ctx is done or wait has passed. The system drops the lock
// when the process dies, so a crashed publisher never blocks the next one. The file
// itself stays.
func lock(ctx context.Context, root string, wait time.Duration) (unlock func(), err error) {
	path := filepath.Join(root, LockFile)
	unlock, err = lockFile(ctx, path, wait)
	if err != nil {
		return nil, fmt.Errorf("locking %s (another capirepo run is writing to this folder?): %w", path, err)
	}
	return unlock, nil
}

// lockDir locks the folder dir through the lock file that stands for it
// (dirLockPath, in the system's temporary folder: nothing is created in dir), polling
// until ctx is done or wait has passed; ok is true.
func lockDir(ctx context.Context, dir string, wait time.Duration) (unlock func(), ok bool, err error) {
	path, err := dirLockPath(dirLocks(), dir)
	if err != nil {
		return nil, false, err
	}
	unlock, err = lockFile(ctx, path, wait)
	if err != nil {
		return nil, false, fmt.Errorf("locking %s (another capirepo run is writing there?): %w", dir, err)
	}
	return removing(unlock, path), true, nil
}

// tryLockDir locks the folder dir as lockDir does, at once, or reports that another
// process holds it (ok false, no error).
func tryLockDir(dir string) (unlock func(), ok bool, err error) {
	path, err := dirLockPath(dirLocks(), dir)
	if err != nil {
		return nil, false, err
	}
	if unlock, ok, err = tryLockFile(path); !ok || err != nil {
		return nil, false, err
	}
	return removing(unlock, path), true, nil
}

// dirLocks is the folder of the lock files that stand for folders.
func dirLocks() string { return filepath.Join(os.TempDir(), "capirepo-locks") }

// removing unlocks, then removes the lock file on Windows, where that is safe: Go
// opens files without FILE_SHARE_DELETE, so the removal fails while any other run has
// the file open (holding or trying it) and succeeds only when none does. Elsewhere a
// waiter could lock a removed file while a newcomer locks a new one: the file stays.
func removing(unlock func(), path string) func() {
	return func() {
		unlock()
		if runtime.GOOS == "windows" {
			os.Remove(path)
		}
	}
}
