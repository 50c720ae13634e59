package fsx

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// WriteNew creates a file whole through a staged name, and never replaces one.
func TestWriteNewNeverReplaces(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "capirepo.yaml")
	var steps []Op
	f := &FS{Mark: "capirepo", Hook: func(op Op, _ string) error { steps = append(steps, op); return nil }}
	if err := f.WriteNew(path, []byte("first\n")); err != nil {
		t.Fatal(err)
	}
	if len(steps) != 2 || steps[0] != OpWrite || steps[1] != OpRename {
		t.Errorf("steps %v, want a staged write then a rename", steps)
	}
	if err := f.WriteNew(path, []byte("second\n")); !errors.Is(err, fs.ErrExist) {
		t.Errorf("WriteNew over a file = %v, want fs.ErrExist", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "first\n" {
		t.Errorf("the file is %q, want the first content", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want the file only", len(entries))
	}
}
