package localrepo

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// An index entry's name and type come from the embedded layout.Provider; the stored
// keys and their order are those of the former fields (label first).
func TestIndexEncoding(t *testing.T) {
	t.Parallel()
	x := layout.Provider{Name: "x", Type: layout.InfrastructureProvider}
	set := &release.Set{Releases: []*release.Release{
		{Provider: x, Version: layout.MustParseVersion("v1.0.0"), ComponentsFile: "components.yaml"},
		{Provider: x, Version: layout.MustParseVersion("v1.1.0"), ComponentsFile: "components.yaml"},
		{Provider: layout.Provider{Name: "cluster-api", Type: layout.CoreProvider}, Version: layout.MustParseVersion("v1.0.0"), ComponentsFile: "core-components.yaml"},
	}}
	data, err := EncodeIndex(set)
	want := `{
  "writtenBy": "capirepo build; the next build replaces this folder as a whole",
  "providers": [
    {
      "label": "infrastructure-x",
      "name": "x",
      "type": "InfrastructureProvider",
      "components": "components.yaml"
    },
    {
      "label": "cluster-api",
      "name": "cluster-api",
      "type": "CoreProvider",
      "components": "core-components.yaml"
    }
  ]
}
`
	if err != nil || string(data) != want {
		t.Fatalf("EncodeIndex = %v:\n%s\nwant:\n%s", err, data, want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, IndexFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readIndex(dir)
	if e := got["infrastructure-x"]; err != nil || len(got) != 2 || e != (Entry{Label: "infrastructure-x", Provider: x, Components: "components.yaml"}) {
		t.Errorf("ReadIndex = %+v, %v", got, err)
	}
}
