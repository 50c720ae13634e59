package mirror

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
)

func TestSelect(t *testing.T) {
	t.Parallel()
	list, err := clusterctlcfg.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, typ, arg string
		wantURL        string // substring of the picked provider's URL
		wantVersion    string
		wantErr        string
	}{
		{"pinned", layout.CoreProvider, "cluster-api:v1.9.6", "kubernetes-sigs/cluster-api/", "v1.9.6", ""},
		{"no version is the URL's", layout.InfrastructureProvider, "docker", "infrastructure-components-development.yaml", Latest, ""},
		{"name is lower-cased", layout.BootstrapProvider, "Kubeadm:v1.9.6", "bootstrap-components.yaml", "v1.9.6", ""},
		{"same name, other type", layout.ControlPlaneProvider, "kubeadm:v1.9.6", "control-plane-components.yaml", "v1.9.6", ""},
		{"unknown", layout.InfrastructureProvider, "nope:v1.0.0", "", "", "no InfrastructureProvider named nope"},
		{"two colons", layout.CoreProvider, "cluster-api:v1:x", "", "", "want name[:version]"},
		{"bad version", layout.CoreProvider, "cluster-api:1.9", "", "", "no \"v\" prefix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := selectPicks(list, layout.Type(tt.typ), []string{tt.arg})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Select(%q) error = %v, want %q", tt.arg, err, tt.wantErr)
				}
				return
			}
			if err != nil || len(got) != 1 || !strings.Contains(got[0].Provider.URL, tt.wantURL) || got[0].Version != tt.wantVersion || got[0].Provider.Type != layout.Type(tt.typ) {
				t.Fatalf("Select(%q) = %+v, %v; want %s at %s", tt.arg, got, err, tt.wantURL, tt.wantVersion)
			}
		})
	}
}

func TestFromConfig(t *testing.T) {
	t.Parallel()
	extra, err := clusterctlcfg.ReadProviders(filepath.Join("testdata", "clusterctl.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	builtin, _ := clusterctlcfg.Builtin()
	list := clusterctlcfg.Merge(builtin, extra)
	flagged, err := selectPicks(list, layout.InfrastructureProvider, []string{"aws:v2.6.0"})
	if err != nil || !strings.HasPrefix(flagged[0].Provider.URL, "https://gitlab.example.com/") {
		t.Fatalf("Select(aws) = %+v, %v; want the --from-config GitLab URL", flagged, err)
	}
	picks, err := configPicks(flagged, extra)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range picks {
		got = append(got, p.String())
	}
	if want := "infrastructure-aws v2.6.0,bootstrap-foo latest"; strings.Join(got, ",") != want {
		t.Errorf("ConfigPicks() = %v, want %s (the flag's version wins, foo at its URL's version)", got, want)
	}
}
