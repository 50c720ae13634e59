package images

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestFindDirAppliesOverrides(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, data string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("infrastructure-a/v1.0.0/infrastructure-components.yaml", "kind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - image: ghcr.io/a/controller:v1.0.0\n")
	write("infrastructure-b/v2.0.0/infrastructure-components.yaml", "kind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - image: ghcr.io/b/manager:v2.0.0\n      - image: ${NOT_SET}\n")
	write("infrastructure-b/v2.0.0/cluster-template.yaml", "kind: X\nspec:\n  image: quay.io/c/tool:v3\n")
	write("clusterctl.yaml", "images:\n  all:\n    repository: mirror.local/capi\n  infrastructure-b:\n    tag: v9\n")
	got, err := FindDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"mirror.local/capi/controller:v1.0.0", "mirror.local/capi/manager:v9", "mirror.local/capi/tool:v9"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FindDir = %v, want %v", got, want)
	}
	if _, err := FindDir(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing folder was accepted")
	}
}
