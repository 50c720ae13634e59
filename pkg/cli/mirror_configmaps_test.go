package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/configmap"
	"github.com/capirepo/capirepo/pkg/release"
)

// mirror --configmaps writes every mirrored provider version as the operator's
// ConfigMaps (cert-manager stays a plain manifest), inside its transaction: a re-run
// changes nothing, and the folder reads back as the operator would install it.
func TestMirrorConfigMaps(t *testing.T) {
	t.Parallel()
	rels := sampleReleases(t, "v0.1.0", "v0.1.1")
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: rels})
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/latest/infrastructure-components.yaml\"}\n")
	out, cms := t.TempDir(), filepath.Join(t.TempDir(), "cms")
	args := []string{"--out", out, "--from-config", from, "--github-url", gh.URL(), "--configmaps", cms, "--quiet",
		"--infrastructure", "sample:v0.1.0", "--infrastructure", "sample:v0.1.1"}
	if code, stdout, stderr := runMirror(t, nil, args...); code != ExitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	c, err := configmap.ReadDir(cms)
	if err != nil {
		t.Fatal(err)
	}
	ins, err := c.Installs()
	if err != nil || len(ins) != 1 || ins[0].Version != "v0.1.1" || strings.Join(ins[0].Versions, " ") != "v0.1.0 v0.1.1" {
		t.Fatalf("the operator would install %+v (%v), want v0.1.1 with v0.1.0 beside it", ins, err)
	}
	for _, f := range c.ConfigMaps {
		if strings.Contains(f.Obj.Metadata.Name, "cert-manager") {
			t.Errorf("cert-manager became a ConfigMap: %s", f.Where)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "cert-manager", "v1.21.1", "cert-manager.yaml")); err != nil {
		t.Errorf("cert-manager is not a plain manifest in the mirror: %v", err)
	}
	before, _ := os.ReadDir(cms)
	code, stdout, stderr := runMirror(t, nil, args...)
	after, _ := os.ReadDir(cms)
	if code != ExitOK || len(before) != len(after) || !strings.Contains(stdout+stderr, "0 written, 0 replaced, 4 skipped") {
		t.Fatalf("re-run: exit %d, %d files then %d\n%s%s", code, len(before), len(after), stdout, stderr)
	}
}

// A conflict at --configmaps is found in mirror's preflight: exit 5 and nothing
// written, neither the mirror folder nor the ConfigMaps.
func TestMirrorConfigMapsConflictRefusesBeforeAnyWrite(t *testing.T) {
	t.Parallel()
	rels := sampleReleases(t, "v0.1.0")
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: rels})
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/v0.1.0/infrastructure-components.yaml\"}\n")
	cms := configMapFolder(t, "v1beta1") // another provider's folder...
	changed := *rels[0]
	changed.Files = append([]release.File(nil), changed.Files...)
	for i := range changed.Files {
		if changed.Files[i].Name == "metadata.yaml" {
			changed.Files[i].Data = append(append([]byte(nil), changed.Files[i].Data...), "# other\n"...)
		}
	}
	cm, err := configmap.New(&changed, "sample-system") // ...holding sample v0.1.0 with other content
	if err != nil {
		t.Fatal(err)
	}
	files, _ := configmap.Render([]*configmap.ConfigMap{cm})
	for _, f := range files {
		writeBytes(t, filepath.Join(cms, f.Name), f.Data)
	}
	before, _ := os.ReadDir(cms)
	out := filepath.Join(t.TempDir(), "mirror")
	code, stdout, stderr := runMirror(t, nil, "--out", out, "--from-config", from, "--github-url", gh.URL(), "--cert-manager", "", "--configmaps", cms, "--quiet")
	if code != ExitConflict || !strings.Contains(stderr, "infrastructure-sample v0.1.0") {
		t.Fatalf("exit %d, want %d naming the version\n%s%s", code, ExitConflict, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "infrastructure-sample")); !os.IsNotExist(err) {
		t.Errorf("the mirror folder was written before the refusal: %v", err)
	}
	if after, _ := os.ReadDir(cms); len(after) != len(before) {
		t.Errorf("the ConfigMap folder changed: %d files, then %d", len(before), len(after))
	}
}
