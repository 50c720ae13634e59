//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package localrepo

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLockBesideExcludesASecondWriter(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "metadata.yaml")
	unlock, err := LockBeside(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	staged := filepath.Join(dir, ".metadata.yaml."+Mark+"-tmp-abcdefghij") // the holder's, in flight
	if err := os.WriteFile(staged, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel() // the holder never lets go within this writer's bound
	if _, err := LockBeside(ctx, path); !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), dir) {
		t.Errorf("a second writer while locked = %v, want a context error naming %s", err, dir)
	}
	if _, err := os.Stat(staged); err != nil {
		t.Errorf("the second writer removed the live holder's staging: %v", err)
	}
	unlock()
	unlock, err = LockBeside(t.Context(), path)
	if err != nil {
		t.Fatalf("after the holder unlocked: %v", err)
	}
	defer unlock()
	if _, err := os.Stat(staged); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the next writer kept the dead holder's staging: %v", err)
	}
}
