//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package fsx

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// waitLine runs lock under a context whose wait notice cancels it, and returns the
// one line the notice got.
func waitLine(t *testing.T, lock func(ctx context.Context) (func(), error)) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var lines []string
	ctx = WithWaitNotice(ctx, func(l string) { lines = append(lines, l); cancel() })
	unlock, err := lock(ctx)
	if err == nil {
		unlock()
		t.Fatal("took a lock another holds")
	}
	if !errors.Is(err, context.Canceled) || len(lines) != 1 {
		t.Fatalf("err %v, notices %q; want one notice, then the cancel", err, lines)
	}
	return lines[0]
}

func TestAWaitingWriterSaysWhoseLockAndWhere(t *testing.T) {
	root := t.TempDir()
	unlock, err := Lock(context.Background(), root, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	line := waitLine(t, func(ctx context.Context) (func(), error) { return Lock(ctx, root, time.Minute) })
	want := "waiting: another capirepo run (pid " + strconv.Itoa(os.Getpid()) + ") holds the lock file " + filepath.Join(root, LockFile)
	if !strings.HasPrefix(line, want) || !strings.Contains(line, "at most 1m0s") {
		t.Errorf("notice %q, want it to start %q and give the wait", line, want)
	}

	dir := t.TempDir()
	unlockDir, _, err := lockDir(context.Background(), dir, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer unlockDir()
	line = waitLine(t, func(ctx context.Context) (func(), error) { return LockBeside(ctx, filepath.Join(dir, "dist")) })
	if want := "waiting: another capirepo run holds the lock on folder " + dir + " (it is writing there)"; !strings.HasPrefix(line, want) {
		t.Errorf("notice %q, want it to start %q", line, want)
	}
}
