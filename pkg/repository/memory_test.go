package repository

import (
	"errors"
	"io/fs"
	"reflect"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

func TestInMemory(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	m := NewInMemory(Info{Label: "infrastructure-x", Components: "infrastructure-components.yaml"}).
		Put("v1.0.0", layout.MetadataFile, []byte("m")).Put("v1.0.0", "infrastructure-components.yaml", []byte("c")).
		Put("junk", "", nil)
	if i := m.Info(); i.Kind != Memory || i.Name != "memory:infrastructure-x" || !i.ResolvesLatest() {
		t.Errorf("Info = %+v", i)
	}
	if v, err := m.Versions(ctx); err != nil || !reflect.DeepEqual(v, []string{"junk", "v1.0.0"}) {
		t.Errorf("Versions = %v, %v", v, err)
	}
	if f, err := m.Files(ctx, "v1.0.0"); err != nil || !reflect.DeepEqual(f, []string{"infrastructure-components.yaml", "metadata.yaml"}) {
		t.Errorf("Files = %v, %v", f, err)
	}
	for _, read := range []func() error{
		func() error { _, err := m.File(ctx, "v1.0.0", "cluster-template.yaml"); return err },
		func() error { _, err := m.File(ctx, "v2.0.0", layout.MetadataFile); return err },
		func() error { _, err := m.Files(ctx, "v2.0.0"); return err },
	} {
		if err := read(); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("a missing file or version: %v, want fs.ErrNotExist", err)
		}
	}
	if b, err := m.Bundles(ctx, "v1.0.0"); err != nil || b != nil {
		t.Errorf("Bundles without a bundle file = %q, %v", b, err)
	}
	m.Put("v1.0.0", layout.BundleFile("infrastructure-x", "v1.0.0"), []byte("bundle"))
	if b, err := m.Bundles(ctx, "v1.0.0"); err != nil || len(b) != 1 || string(b[0]) != "bundle" {
		t.Errorf("Bundles from the bundle file = %q, %v", b, err)
	}
	m.Attach("v1.0.0", []byte("referrer"))
	if b, err := m.Bundles(ctx, "v1.0.0"); err != nil || len(b) != 1 || string(b[0]) != "referrer" {
		t.Errorf("Bundles attached = %q, %v", b, err)
	}
	if _, err := NewInMemory(Info{Unlisted: true}).Put("v1.0.0", "", nil).Files(ctx, "v1.0.0"); err == nil {
		t.Error("an unlisted repository listed files")
	}
}

func TestMainComponents(t *testing.T) {
	t.Parallel()
	m := NewInMemory(Info{}).Put("v1.0.0", "control-plane-components.yaml", nil).
		Put("v1.1.0", "components.yaml", nil).Put("v1.1.0", "control-plane-components-dev.yaml", nil)
	if got := MainComponents(t.Context(), m, "control-plane-x"); got != "components.yaml" {
		t.Errorf("MainComponents = %s, want the newest version's shortest components name", got)
	}
	if got := MainComponents(t.Context(), NewInMemory(Info{}), "bootstrap-x"); got != "bootstrap-components.yaml" {
		t.Errorf("MainComponents of nothing = %s, want the contract's name", got)
	}
}
