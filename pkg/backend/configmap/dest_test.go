package configmap

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

func publishTo(dir, ns string, replace bool, rels ...*release.Release) error {
	d := &Dest{Dir: dir, Namespace: ns}
	_, err := publish.Publish(context.Background(), &release.Set{Releases: rels}, d, publish.Policy{Replace: replace})
	return err
}

func TestDestRefusesAndReplaces(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	v1 := rel(layout.InfrastructureProvider, "sample", "v1.2.0", small("sample-system"))
	if err := publishTo(dir, "", false, v1); err != nil {
		t.Fatal(err)
	}
	changed := rel(layout.InfrastructureProvider, "sample", "v1.2.0", small("sample-system")+"# changed\n")
	if err := publishTo(dir, "", false, changed); !errors.Is(err, publish.ErrConflict) {
		t.Fatalf("changed content: %v, want a conflict", err)
	}
	err := publishTo(dir, "elsewhere", false, v1)
	wantErr(t, err, "is in namespace sample-system there", "this run writes namespace elsewhere", "--replace")
	if !errors.Is(err, publish.ErrConflict) {
		t.Errorf("another namespace is not a conflict: %v", err)
	}
	if err := publishTo(dir, "elsewhere", true, v1); err != nil {
		t.Fatal(err)
	}
	c, _ := ReadDir(dir)
	if len(c.ConfigMaps) != 1 || c.ConfigMaps[0].Obj.Metadata.Namespace != "elsewhere" {
		t.Errorf("--replace did not move the version: %+v", c.ConfigMaps)
	}
}

func TestDestRefusesOverflowBeforeWriting(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	ok := rel(layout.InfrastructureProvider, "sample", "v1.2.0", small("sample-system"))
	big := rel(layout.InfrastructureProvider, "noisy", "v1.2.0", noise(2*MaxSize))
	err := publishTo(dir, "", false, ok, big)
	wantErr(t, err, "infrastructure-noisy v1.2.0", "over the API server's limit")
	if !errors.Is(err, publish.ErrInvalid) {
		t.Errorf("overflow is not an input error: %v", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the folder was written before the refusal: %v", err)
	}
}

func TestDestAddsAVersionAndMovesTheProviderObject(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	for _, v := range []string{"v1.2.0", "v1.3.0", "v1.2.1"} {
		if err := publishTo(dir, "", false, rel(layout.InfrastructureProvider, "sample", v, small("sample-system"))); err != nil {
			t.Fatal(err)
		}
	}
	c, _ := ReadDir(dir)
	if len(c.Providers) != 1 || c.Providers[0].Obj.Spec.Version != "v1.3.0" || len(c.ConfigMaps) != 3 {
		t.Fatalf("providers %+v, %d ConfigMaps; want one object at v1.3.0 over 3 versions", c.Providers, len(c.ConfigMaps))
	}
}
