package metadata

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

func TestAddSeriesFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "metadata.yaml")
	staged := filepath.Join(dir, ".metadata.yaml.capirepo-tmp-abcdefghij") // a killed run's
	if err := os.WriteFile(staged, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed, err := AddSeriesFile(t.Context(), file, layout.MustParseVersion("v1.2.0"), "v1beta1")
	if err != nil || !changed {
		t.Fatalf("AddSeriesFile = %v, %v; want a change", changed, err)
	}
	want, _, _ := AddSeries(nil, layout.MustParseVersion("v1.2.0"), "v1beta1")
	if got, _ := os.ReadFile(file); string(got) != string(want) {
		t.Errorf("the file is\n%s\nwant\n%s", got, want)
	}
	if _, err := os.Stat(staged); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a killed run's staged copy is left: %v", err)
	}
	if changed, err := AddSeriesFile(t.Context(), file, layout.MustParseVersion("v1.2.3"), "v1beta1"); err != nil || changed {
		t.Errorf("again = %v, %v; want no change", changed, err)
	}
	var werr *WriteError
	if _, err := AddSeriesFile(t.Context(), filepath.Join(dir, "missing", "metadata.yaml"), layout.MustParseVersion("v1.2.0"), "v1beta1"); !errors.As(err, &werr) {
		t.Errorf("into a missing folder = %v, want a *WriteError", err)
	}
	if _, err := AddSeriesFile(t.Context(), file, layout.MustParseVersion("v1.3.0"), "v9"); err == nil || errors.As(err, &werr) {
		t.Errorf("a bad contract = %v, want an input error", err)
	}
}
