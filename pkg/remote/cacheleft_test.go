package remote

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A cache write after a killed one removes what it staged (capirepo's, and the
// unmarked names of older versions) and stores the same bytes as into a clean cache.
func TestCacheWriteRemovesDeadRunsStaging(t *testing.T) {
	t.Parallel()
	data := []byte("kind: ConfigMap\n")
	pin := Pin{URL: "https://example.invalid/a.yaml", SHA256: Sum(data)}
	clean := &Store{CacheDir: t.TempDir()}
	clean.toCache(pin, data)
	s := &Store{CacheDir: t.TempDir()}
	dir := filepath.Dir(s.cachePath(pin))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"." + pin.SHA256 + ".capirepo-tmp-abcdefghij", ".0123abcd.tmp-abcdefghij"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s.toCache(pin, data)
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{pin.SHA256}) {
		t.Errorf("the cache folder holds %v, want only the entry", names)
	}
	got, _ := os.ReadFile(s.cachePath(pin))
	want, _ := os.ReadFile(clean.cachePath(pin))
	if string(got) != string(want) || string(got) != string(data) {
		t.Errorf("cache entry %q, a clean cache's %q", got, want)
	}
}
