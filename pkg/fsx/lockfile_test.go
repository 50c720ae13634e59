package fsx

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestLockFileExcludesUntilUnlocked: the lock file of Lock (and of folders, where
// they cannot be flocked) excludes a second holder in the same process, which gets a
// context error, until the first unlocks.
func TestLockFileExcludesUntilUnlocked(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), LockFile)
	unlock, err := lockFile(t.Context(), path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := lockFile(ctx, path, time.Second); !errors.Is(err, context.Canceled) {
		t.Errorf("a second holder while locked = %v, want a context error", err)
	}
	if _, ok, err := tryLockFile(path); ok || err != nil {
		t.Errorf("tryLockFile while locked = %v, %v; want false, nil", ok, err)
	}
	unlock()
	again, ok, err := tryLockFile(path)
	if !ok || err != nil {
		t.Fatalf("tryLockFile after unlock = %v, %v; want true, nil", ok, err)
	}
	again()
}

// TestDirLockPathOneLockPerFolder: every spelling of a folder (relative parts, a
// trailing separator, a symbolic link to it) names one lock file in the lock folder,
// and two folders name two.
func TestDirLockPathOneLockPerFolder(t *testing.T) {
	t.Parallel()
	root, locks := t.TempDir(), filepath.Join(t.TempDir(), "locks")
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	for _, d := range []string{a, b} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	spellings := []string{a, a + string(filepath.Separator), filepath.Join(b, "..", "a")}
	if err := os.Symlink(a, filepath.Join(root, "link")); err == nil {
		spellings = append(spellings, filepath.Join(root, "link"))
	}
	want, err := dirLockPath(locks, a)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(want) != locks {
		t.Errorf("lock file %s is not in the lock folder %s", want, locks)
	}
	for _, s := range spellings {
		if got, err := dirLockPath(locks, s); err != nil || got != want {
			t.Errorf("dirLockPath(%s) = %s, %v; want %s", s, got, err, want)
		}
	}
	if other, _ := dirLockPath(locks, b); other == want {
		t.Errorf("folders a and b share the lock file %s", want)
	}
}
