package fsx

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	gofrs "github.com/gofrs/flock"
)

// lockFile takes an exclusive lock on the file at path (created, 0644, when missing)
// through gofrs/flock: flock(2) on unix, LockFileEx on Windows. The system drops the
// lock when its holder dies, so a crashed holder never blocks the next one; the file
// stays. It polls until ctx is done or wait has passed.
//
//lint:ignore U1000 lock_other.go calls it (systems where a folder cannot be flocked); lockfile_test.go tests it here
func lockFile(ctx context.Context, path string, wait time.Duration) (unlock func(), err error) {
	fl := gofrs.New(path, gofrs.SetPermissions(0o644))
	if err := poll(ctx, wait, path, fl.TryLock); err != nil {
		return nil, err
	}
	return func() { fl.Unlock() }, nil
}

// tryLockFile takes the lock of lockFile at once, or reports that another holds it
// (ok false, no error).
//
//lint:ignore U1000 lock_other.go calls it (systems where a folder cannot be flocked); lockfile_test.go tests it here
func tryLockFile(path string) (unlock func(), ok bool, err error) {
	fl := gofrs.New(path, gofrs.SetPermissions(0o644))
	if ok, err = fl.TryLock(); !ok || err != nil {
		return nil, false, err
	}
	return func() { fl.Unlock() }, true, nil
}

// dirLockPath is the lock file that stands for the folder dir where a folder itself
// cannot be locked: a file in locks named by the SHA-256 of dir's absolute path, its
// symbolic links resolved (and case-folded on Windows, whose paths ignore case), so
// every spelling of one folder takes one lock. It creates locks.
//
//lint:ignore U1000 lock_other.go calls it (systems where a folder cannot be flocked); lockfile_test.go tests it here
func dirLockPath(locks, dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("resolving folder %s: %w", dir, err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if runtime.GOOS == "windows" {
		abs = strings.ToLower(abs)
	}
	if err := os.MkdirAll(locks, 0o755); err != nil {
		return "", fmt.Errorf("creating the lock folder %s: %w", locks, err)
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(locks, hex.EncodeToString(sum[:])+".lock"), nil
}
