//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows

package fsx

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// A run's scratch folder: the next run removes what a killed run left, never what a
// live run holds, and done removes its own.
func TestScratchRemovesOnlyDeadRunsFolders(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	dead := filepath.Join(parent, ScratchPrefix+"dead")
	if err := os.MkdirAll(filepath.Join(dead, "overlay"), 0o755); err != nil {
		t.Fatal(err)
	}
	live, liveDone, err := Scratch(t.Context(), parent)
	if err != nil {
		t.Fatal(err)
	}
	defer liveDone()
	other := filepath.Join(parent, "capirepo-build-older") // an older version's: left alone
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	dir, done, err := Scratch(t.Context(), parent)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{dead: false, live: true, other: true, dir: true} {
		if _, err := os.Stat(path); (err == nil) != want {
			t.Errorf("%s present = %v, want %v", filepath.Base(path), err == nil, want)
		}
	}
	done()
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("done left the scratch folder: %v", err)
	}
}

// A run that finds another run sweeping waits for it, silently, and makes its folder
// only under the lock on parent: a sweep never sees a new folder before it is locked.
func TestScratchWaitsSilentlyForASweep(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	unlock, ok, err := lockDir(t.Context(), parent, DefaultLockWait) // another run sweeping
	if err != nil || !ok {
		t.Fatalf("locking %s: %v", parent, err)
	}
	var notices []string
	ctx := WithWaitNotice(t.Context(), func(line string) { notices = append(notices, line) })
	type result struct {
		dir  string
		done func()
		err  error
	}
	got := make(chan result, 1)
	go func() {
		dir, done, err := Scratch(ctx, parent)
		got <- result{dir, done, err}
	}()
	for range 8 { // while the sweep holds parent, no scratch folder appears
		time.Sleep(25 * time.Millisecond)
		if matches, _ := filepath.Glob(filepath.Join(parent, ScratchPrefix+"*")); len(matches) > 0 {
			t.Fatalf("a scratch folder was made while another run held %s: %v", parent, matches)
		}
	}
	unlock()
	r := <-got
	if r.err != nil {
		t.Fatal(r.err)
	}
	defer r.done()
	if _, err := os.Stat(r.dir); err != nil {
		t.Errorf("scratch folder: %v", err)
	}
	if len(notices) > 0 {
		t.Errorf("waiting for a sweep printed a notice: %q", notices)
	}
}
