//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package fsx

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lock takes an exclusive flock on root/.capirepo.lock, polling until ctx is done or
// wait has passed. The kernel drops the lock when the process dies, so a crashed
// publisher never blocks the next one. The file itself stays.
func lock(ctx context.Context, root string, wait time.Duration) (unlock func(), err error) {
	path := filepath.Join(root, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("opening lock file %s: %w", path, err)
	}
	if err := flock(ctx, f, wait); err != nil {
		f.Close()
		return nil, fmt.Errorf("locking %s (another capirepo run is writing to this folder?): %w", path, err)
	}
	recordHolder(f)
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// lockDir takes an exclusive flock on the folder dir itself (no file is created),
// polling until ctx is done or wait has passed; ok is true where folders can be locked.
func lockDir(ctx context.Context, dir string, wait time.Duration) (unlock func(), ok bool, err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false, fmt.Errorf("opening %s to lock it: %w", dir, err)
	}
	if err := flock(ctx, f, wait); err != nil {
		f.Close()
		return nil, false, fmt.Errorf("locking %s (another capirepo run is writing there?): %w", dir, err)
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, true, nil
}

// tryLockDir takes an exclusive flock on the folder dir at once, or reports that
// another process holds it (ok false, no error).
func tryLockDir(dir string) (unlock func(), ok bool, err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false, fmt.Errorf("opening %s to lock it: %w", dir, err)
	}
	if ok, err = tryFlock(f); !ok || err != nil {
		f.Close()
		return nil, false, err
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, true, nil
}

// flock takes an exclusive flock on f, polling until ctx is done or wait has passed.
func flock(ctx context.Context, f *os.File, wait time.Duration) error {
	return poll(ctx, wait, f.Name(), func() (bool, error) { return tryFlock(f) })
}

// tryFlock takes an exclusive flock on f at once: false when another holds it.
func tryFlock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) || errors.Is(err, syscall.EINTR) {
		return false, nil
	}
	return err == nil, err
}
