package output_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/output"
	"github.com/capirepo/capirepo/pkg/release"
)

func sample(version string) *release.Set {
	return &release.Set{Releases: []*release.Release{{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "foo"}, Version: layout.NamedVersion(version),
		ComponentsFile: "infrastructure-components-custom.yaml", Files: []release.File{
			{Name: "metadata.yaml", Data: []byte("m")},
			{Name: "infrastructure-components-custom.yaml", Data: []byte("c")},
			{Name: "infrastructure-components.yaml", Data: []byte("another components file")},
			{Name: "cluster-template.yaml", Data: []byte("metadata: {name: \"${CLUSTER_NAME}\"}\n")},
		}}}}
}

// TestWriteIndexFeedsPublish: publish reads names, types and the components file
// from build's index, never from clusterctl.yaml.
func TestWriteIndexFeedsPublish(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "dist")
	for _, v := range []string{"v1.0.0", "v1.0.1"} {
		if _, err := output.Write(out, sample(v)); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(out, "clusterctl.yaml"), []byte("edited: [\n"), 0o644) // not read back
	set, err := localrepo.ReadSet(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Releases) != 1 || set.Releases[0].Version.String() != "v1.0.1" || set.Releases[0].ComponentsFile != "infrastructure-components-custom.yaml" {
		t.Fatalf("ReadSet = %+v, want v1.0.1 only (the rebuild replaced the folder) with the indexed components file", set.Releases)
	}
	if _, err := os.Stat(filepath.Join(out, output.DocsDir, "infrastructure-foo", "v1.0.1", "cluster-template.md")); err != nil {
		t.Errorf("variables table missing: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".dist.*")); len(left) != 0 {
		t.Errorf("staging leftovers: %v", left)
	}
}

func TestWriteRefusesForeignFolder(t *testing.T) {
	t.Parallel()
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "precious.txt"), []byte("x"), 0o644)
	if _, err := output.Write(out, sample("v1.0.0")); err == nil || !strings.Contains(err.Error(), "not written by capirepo build") {
		t.Fatalf("Write() error = %v, want a refusal", err)
	}
	if _, err := os.Stat(filepath.Join(out, "precious.txt")); err != nil {
		t.Errorf("the foreign folder was changed: %v", err)
	}
}
