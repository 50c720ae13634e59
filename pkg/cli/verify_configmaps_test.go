package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/configmap"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

const tinyNamespace = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: tiny-system\n"

// configMapFolder writes the operator folder of one bootstrap provider version.
func configMapFolder(t *testing.T, contract string) string {
	t.Helper()
	r := &release.Release{Provider: layout.Provider{Type: layout.BootstrapProvider, Name: "tiny"}, Version: layout.MustParseVersion("v1.0.0"), ComponentsFile: "bootstrap-components.yaml", Files: []release.File{
		{Name: "bootstrap-components.yaml", Data: []byte(tinyNamespace)},
		{Name: "metadata.yaml", Data: []byte("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: " + contract + "}\n")},
	}}
	cm, err := configmap.New(r, "tiny-system")
	if err != nil {
		t.Fatal(err)
	}
	files, err := configmap.Render([]*configmap.ConfigMap{cm})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range files {
		writeBytes(t, filepath.Join(dir, f.Name), f.Data)
	}
	return dir
}

func TestVerifyConfigMapFolder(t *testing.T) {
	dir := configMapFolder(t, "v1beta1")
	code, out, stderr := run(t, "verify", dir)
	want := fmt.Sprintf("BootstrapProvider tiny-system/tiny: v1.0.0 (contract v1beta1), components %d bytes (plain)", len(tinyNamespace))
	if code != ExitOK || !strings.Contains(out, want) {
		t.Fatalf("exit %d, want 0 and %q\n%s%s", code, want, out, stderr)
	}
	code, out, _ = run(t, "verify", "--format", "json", dir)
	var rep configMapReport
	if err := json.Unmarshal([]byte(out), &rep); code != ExitOK || err != nil || len(rep.Installs) != 1 || rep.Installs[0].Version != "v1.0.0" {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
}

func TestVerifyConfigMapFolderFindings(t *testing.T) {
	code, out, _ := run(t, "verify", configMapFolder(t, "v1alpha4"))
	if code != ExitFindings || !strings.Contains(out, "declares contract v1alpha4") {
		t.Fatalf("exit %d, want %d naming the contract\n%s", code, ExitFindings, out)
	}
	dir := configMapFolder(t, "v1beta1")
	if err := os.WriteFile(filepath.Join(dir, "10-configmap-bad.yaml"), []byte("kind: ConfigMap\nmetadata: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(t, "verify", dir); code != ExitInput || !strings.Contains(stderr, "10-configmap-bad.yaml") {
		t.Fatalf("unreadable folder: exit %d, want %d naming the file\n%s", code, ExitInput, stderr)
	}
}
