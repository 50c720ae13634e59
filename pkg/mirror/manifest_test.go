package mirror

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// A record's name and type come from the embedded layout.Provider; mirror.json keeps
// the former keys and order, and cert-manager's record still has no type.
func TestManifestEncoding(t *testing.T) {
	t.Parallel()
	rel := &release.Release{Provider: layout.Provider{Name: "x", Type: layout.InfrastructureProvider}, Version: layout.MustParseVersion("v1.0.0"),
		ComponentsFile: "c.yaml", Files: []release.File{{Name: "c.yaml", Data: []byte("abc")}}}
	rec := record(rel)
	rec.Source = "https://example.test/x/v1.0.0/c.yaml"
	m := &Manifest{Releases: []Record{rec}, CertManager: certRecord(&certFile{
		job: CertManagerJob{Version: "v1.2.3", URL: "https://example.test/cm.yaml", File: "cm.yaml"}, data: []byte("abc")})}
	data, err := json.MarshalIndent(m, "", "  ")
	const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	want := `{
  "releases": [
    {
      "name": "x",
      "type": "InfrastructureProvider",
      "label": "infrastructure-x",
      "version": "v1.0.0",
      "source": "https://example.test/x/v1.0.0/c.yaml",
      "components": "c.yaml",
      "files": [
        {
          "name": "c.yaml",
          "sha256": "` + abc + `",
          "size": 3
        }
      ]
    }
  ],
  "certManager": {
    "name": "cert-manager",
    "label": "cert-manager",
    "version": "v1.2.3",
    "source": "https://example.test/cm.yaml",
    "components": "cm.yaml",
    "files": [
      {
        "name": "cm.yaml",
        "sha256": "` + abc + `",
        "size": 3
      }
    ]
  }
}`
	if err != nil || string(data) != want {
		t.Fatalf("mirror.json = %v:\n%s\nwant:\n%s", err, data, want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := readManifest(dir)
	again, _ := json.MarshalIndent(back, "", "  ")
	if err != nil || string(again) != want || back.CertManager.Provider != (layout.Provider{Name: CertManager}) {
		t.Errorf("ReadManifest = %+v, %v; encodes again as:\n%s", back, err, again)
	}
}
