// Package golden compares a test's output with a file kept in the repository (a golden
// file), or rewrites the file when the test runs with -update: the one golden helper
// of the module's tests (pkg/cli's JSON reports, pkg/diff's report, metadata add-series).
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// Check fails t when got differs from the file at path; with -update it writes got
// there (and its folder) instead. Review the change a rewrite makes.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run '%s' -update writes it)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -run '%s' -update rewrites it):\n--- got\n%s--- want\n%s", path, t.Name(), got, want)
	}
}
