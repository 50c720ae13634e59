//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package fsx

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// lock creates root/.capirepo.lock exclusively (O_EXCL), polling until ctx is done or
// wait has passed, and removes it on unlock. A publisher that crashed leaves the
// file behind: the error says to remove it when no publisher is running.
func lock(ctx context.Context, root string, wait time.Duration) (unlock func(), err error) {
	path := filepath.Join(root, LockFile)
	var f *os.File
	err = poll(ctx, wait, path, func() (bool, error) {
		var err error
		f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return false, nil
		}
		return err == nil, err
	})
	if err != nil {
		return nil, fmt.Errorf("locking %s (another publisher is running, or one crashed: remove the file if none runs): %w", path, err)
	}
	return func() {
		f.Close()
		os.Remove(path)
	}, nil
}

// lockDir cannot lock a folder here: ok is false, and what dead runs left beside a
// build output is not removed (a live run's staging might be).
func lockDir(context.Context, string, time.Duration) (unlock func(), ok bool, err error) {
	return func() {}, false, nil
}

// tryLockDir cannot lock a folder here: ok is false, so no scratch folder is taken
// for a dead run's.
func tryLockDir(string) (unlock func(), ok bool, err error) {
	return func() {}, false, nil
}
