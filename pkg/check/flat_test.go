package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFlat(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func ns(label string) string {
	return "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n  labels:\n    cluster.x-k8s.io/provider: " + label + "\n"
}

// TestDiscoverFlatReleaseFolder: a folder as a GitHub release serves cluster-api's
// files gives one target per provider, named from file names and objects, never
// from the folder name.
func TestDiscoverFlatReleaseFolder(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "v1.9.6")
	writeFlat(t, dir, map[string]string{
		"core-components.yaml":                       ns("cluster-api"),
		"bootstrap-components.yaml":                  ns("bootstrap-kubeadm"),
		"control-plane-components.yaml":              ns("control-plane-kubeadm"),
		"infrastructure-components-development.yaml": ns("infrastructure-docker"),
		"metadata.yaml":                              "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\n",
		"cluster-template-development.yaml":          "kind: Cluster\n",
		"clusterctl-linux-amd64.yaml.txt":            "not yaml",
	})
	ts, err := Discover([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tg := range ts {
		var names []string
		for _, f := range tg.Release.Files {
			names = append(names, f.Name)
		}
		got = append(got, tg.Release.Label()+"@"+tg.Release.Version.String()+":"+strings.Join(names, ","))
	}
	want := []string{
		"bootstrap-kubeadm@v1.9.6:bootstrap-components.yaml,metadata.yaml",
		"control-plane-kubeadm@v1.9.6:control-plane-components.yaml,metadata.yaml",
		"cluster-api@v1.9.6:core-components.yaml,metadata.yaml",
		"infrastructure-docker@v1.9.6:cluster-template-development.yaml,infrastructure-components-development.yaml,metadata.yaml",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("targets:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDiscoverOneProviderFolderIsARelease: one provider's files stay one release.
func TestDiscoverOneProviderFolderIsARelease(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "infrastructure-foo", "v1.0.0")
	writeFlat(t, dir, map[string]string{"infrastructure-components.yaml": ns("infrastructure-foo"), "metadata.yaml": "kind: Metadata\n"})
	ts, err := Discover([]string{dir})
	if err != nil || len(ts) != 1 || ts[0].Release.Label() != "infrastructure-foo" {
		t.Fatalf("Discover = %v, %v; want one infrastructure-foo release", ts, err)
	}
}
