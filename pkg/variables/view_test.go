package variables

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
)

// viewInputs are the lint fixtures and a small generated components file.
func viewInputs(t *testing.T) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "lint", "*", "*", "*.yaml"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	in := map[string][]byte{"components": bigtree.Components(64 << 10)}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in[p] = data
	}
	return in
}

// TestLintKeepsNoViewOfData: Lint reads the bytes in place, yet its findings equal
// those computed the old way, from a string copy of the file, and stay so when
// the bytes are overwritten after the call (no finding refers to them).
func TestLintKeepsNoViewOfData(t *testing.T) {
	t.Parallel()
	kinds := []layout.Kind{layout.KindComponents, layout.KindTemplate, layout.KindClusterClass, layout.KindMetadata}
	total := 0
	for name, data := range viewInputs(t) {
		for _, kind := range kinds {
			want := lintText(name, string(data), kind)
			buf := bytes.Clone(data)
			got := Lint(name, buf, kind)
			for i := range buf {
				buf[i] = '$'
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s as %s: findings differ from the string copy's\ngot:  %v\nwant: %v", name, kind, []lint.Finding(got), []lint.Finding(want))
			}
			total += len(want)
		}
	}
	if total == 0 {
		t.Fatal("no findings at all: the comparison proves nothing")
	}
}
