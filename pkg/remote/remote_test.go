package remote

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCacheEntryIsCheckedAgain(t *testing.T) {
	t.Parallel()
	data := []byte("kind: ConfigMap\n")
	pin := Pin{URL: "https://example.invalid/a.yaml", SHA256: Sum(data)}
	s := &Store{Pins: map[string]Pin{pin.URL: pin}, CacheDir: t.TempDir(), Offline: true}
	p := s.cachePath(pin)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("tampered"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Fetch(pin.URL); err == nil || !strings.Contains(err.Error(), "--offline") {
		t.Fatalf("a tampered cache entry was used: %v", err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Fetch(pin.URL); err != nil || string(got) != string(data) {
		t.Fatalf("cache entry not used: %q, %v", got, err)
	}
}

func TestOfflineUnpinnedGivesTheEntryWithoutDownloading(t *testing.T) {
	t.Parallel()
	s := &Store{Offline: true, Source: "capirepo.yaml"}
	_, err := s.Fetch("https://example.invalid/a.yaml")
	if err == nil || !strings.Contains(err.Error(), "- {url: https://example.invalid/a.yaml, sha256: <sha256 of the file>}") {
		t.Fatalf("err = %v", err)
	}
}

func TestVendoredFileScreened(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data := []byte("\x00\x01binary")
	f := filepath.Join(dir, "v.yaml")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		t.Fatal(err)
	}
	pin := Pin{URL: "https://example.invalid/v.yaml", SHA256: Sum(data), File: f}
	s := &Store{Pins: map[string]Pin{pin.URL: pin}, Offline: true}
	if _, err := s.Fetch(pin.URL); err == nil || !strings.Contains(err.Error(), pin.URL) {
		t.Fatalf("binary content accepted: %v", err)
	}
}
