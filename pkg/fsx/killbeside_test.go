//go:build linux || darwin

package fsx

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/child"
)

// writeBeside is what init (WriteNew) and metadata add-series (WriteFile) do: the
// folder lock, then one staged write of the file. kill, when set, is called before
// every step.
func writeBeside(t *testing.T, path, how string, kill func()) error {
	unlock, err := LockBeside(t.Context(), path)
	if err != nil {
		return err
	}
	defer unlock()
	f := &FS{Mark: Mark, Hook: func(Op, string) error {
		if kill != nil {
			kill()
		}
		return nil
	}}
	if how == "new" {
		return f.WriteNew(path, []byte("new"))
	}
	return f.WriteFile(path, []byte("new"))
}

// TestKillWhileWritingBeside kills a process holding LockBeside before each step of
// its write, and shows after each: the file is the old one whole (or absent, for a
// new file), the dead holder's lock does not block the next writer, and the next
// writer removes what the dead one staged and leaves only the new file.
func TestKillWhileWritingBeside(t *testing.T) {
	if step, ok := child.KillStep(); ok {
		if err := writeBeside(t, os.Getenv("CAPIREPO_KILL_PATH"), os.Getenv("CAPIREPO_KILL_HOW"), step); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Parallel()
	for _, how := range []string{"new", "replace"} {
		staged := false
		for n := 1; killBesideAt(t, how, n, &staged); n++ {
		}
		if !staged {
			t.Errorf("%s: no kill left a staged file: the test does not reach a dead run's leftovers", how)
		}
	}
}

// killBesideAt kills the write at step n and checks the folder; it returns false
// once the write finishes before step n.
func killBesideAt(t *testing.T, how string, n int, staged *bool) bool {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "capirepo.yaml")
	old := ""
	if how == "replace" {
		old = "old"
		if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !child.Killed(t, "TestKillWhileWritingBeside", n, "CAPIREPO_KILL_PATH="+path, "CAPIREPO_KILL_HOW="+how) {
		if n < 3 {
			t.Fatalf("%s: the write finished after %d steps; the hook is not reached", how, n-1)
		}
		return false
	}
	if got := readOrEmpty(path); got != old {
		t.Errorf("%s step %d: the file holds %q after the kill, want %q", how, n, got, old)
	}
	names := strings.Join(entries(t, dir), ",")
	*staged = *staged || strings.Contains(names, Mark+"-tmp-")
	if err := writeBeside(t, path, "replace", nil); err != nil {
		t.Fatalf("%s step %d: the next writer: %v", how, n, err)
	}
	if got, names := readOrEmpty(path), strings.Join(entries(t, dir), ","); got != "new" || names != "capirepo.yaml" {
		t.Errorf("%s step %d: after the next write the folder holds %s (file %q), want only capirepo.yaml (\"new\")", how, n, names, got)
	}
	return true
}

func readOrEmpty(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}
