package scaffold

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteConfigNeverReplacesAndCleansUp(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "capirepo.yaml")
	staged := filepath.Join(dir, ".capirepo.yaml.capirepo-tmp-abcdefghij") // a killed run's
	if err := os.WriteFile(staged, []byte("providers:\n- na"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteConfig(t.Context(), target, []byte("providers: []\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(staged); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a killed run's staged copy is left: %v", err)
	}
	if err := WriteConfig(t.Context(), target, []byte("other\n")); !errors.Is(err, fs.ErrExist) {
		t.Errorf("over an existing file = %v, want fs.ErrExist", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "providers: []\n" {
		t.Errorf("the file is %q", got)
	}
}

func TestConfigPathRefusesAnExistingFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if target, err := ConfigPath(dir); err != nil || target != filepath.Join(dir, "capirepo.yaml") {
		t.Fatalf("empty folder: %s, %v", target, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "capirepo.yaml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ConfigPath(dir); !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), "init never overwrites a file") {
		t.Errorf("existing config: %v, want fs.ErrExist saying init never overwrites", err)
	}
}
