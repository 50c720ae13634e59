package layout

import (
	"path/filepath"
	"testing"
)

// TestSplitLocal: {base}/{label}/{version}/{file}, the base cleaned; fewer than four
// elements are no local URL path.
func TestSplitLocal(t *testing.T) {
	t.Parallel()
	p := filepath.FromSlash
	l, ok := SplitLocal(p("/repo/x//infrastructure-foo/v1.0.0/infrastructure-components.yaml"))
	want := LocalPath{Base: p("/repo/x"), Label: "infrastructure-foo", Version: "v1.0.0", File: "infrastructure-components.yaml"}
	if !ok || l != want || l.Dir() != p("/repo/x/infrastructure-foo/v1.0.0") {
		t.Errorf("SplitLocal = %+v, %v; want %+v", l, ok, want)
	}
	if l, ok := SplitLocal(p("/label/latest/c.yaml")); !ok || l.Base != p("/") {
		t.Errorf("three elements below the root: %+v, %v", l, ok)
	}
	if _, ok := SplitLocal(p("/latest/c.yaml")); ok {
		t.Error("two elements split")
	}
}
