package fsx

import (
	"os"
	"path/filepath"
	"testing"
)

// A staged folder never writes outside itself, whatever name a caller passes.
func TestStageRefusesPathsOutside(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := newStage(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Discard()
	for _, rel := range []string{"../escaped", "a/../../escaped", "/abs", ""} {
		if err := s.WriteFile(rel, []byte("x")); err == nil {
			t.Errorf("WriteFile(%q) succeeded", rel)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "escaped")); err == nil {
		t.Errorf("a file was written beside the staged folder")
	}
}
