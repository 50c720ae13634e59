package github

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ReadNotes reads a notes file as it is, reads nothing for "", and refuses an empty
// or unreadable file.
func TestReadNotes(t *testing.T) {
	dir := t.TempDir()
	file := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if got, err := ReadNotes(file("notes.md", "## Changes\n")); err != nil || got != "## Changes\n" {
		t.Errorf("notes: %q, %v", got, err)
	}
	if got, err := ReadNotes(""); err != nil || got != "" {
		t.Errorf("no file: %q, %v", got, err)
	}
	empty := file("empty.md", " \n\t\n")
	if _, err := ReadNotes(empty); !errors.Is(err, ErrEmptyNotes) || !strings.Contains(err.Error(), empty) {
		t.Errorf("empty file: %v, want ErrEmptyNotes naming %s", err, empty)
	}
	if _, err := ReadNotes(filepath.Join(dir, "missing.md")); err == nil || errors.Is(err, ErrEmptyNotes) {
		t.Errorf("missing file: %v, want a read error", err)
	}
}
