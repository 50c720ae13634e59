package tool

import (
	"os"
	"path/filepath"
	"testing"
)

// A tool that dies of its own data race once is run again; its second answer counts.
func TestMustRunRetriesTheToolsOwnRace(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "ran")
	script := "#!/bin/sh\nif [ ! -e " + mark + " ]; then touch " + mark + "; echo 'fatal error: concurrent map read and map write' >&2; exit 2; fi\necho answer\n"
	path := filepath.Join(dir, "tool")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := (Binary{What: "fake", Path: path}).MustRun(t, "x"); got != "answer\n" {
		t.Fatalf("MustRun = %q, want the second run's answer", got)
	}
}
