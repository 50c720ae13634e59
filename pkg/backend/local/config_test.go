package local

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

func TestConfigKeepsForeignEntriesAndKeys(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	old := `# managed by hand
images:
  all:
    repository: registry.example.com/capi
providers:
  - name: vsphere # someone else's
    type: InfrastructureProvider
    url: https://github.com/kubernetes-sigs/cluster-api-provider-vsphere/releases/latest/infrastructure-components.yaml
  - name: foo
    type: InfrastructureProvider
    url: file:///elsewhere/infrastructure-foo/latest/infrastructure-components.yaml
cert-manager:
  version: v1.16.0
`
	tree.WriteIn(t, root, map[string]string{clusterctlcfg.File: old})
	mustPublish(t, New(root, Options{}), set(foo("v1.0.0"), rel("kubeadm", layout.BootstrapProvider, "v0.1.0")))
	cfg := readFile(t, filepath.Join(root, clusterctlcfg.File))
	for _, want := range []string{"# managed by hand", "repository: registry.example.com/capi", "name: vsphere # someone else's",
		"cluster-api-provider-vsphere", "version: v1.16.0", "name: kubeadm",
		"url: " + layout.LocalURL(root, "infrastructure-foo", "latest", "infrastructure-components.yaml")} {
		if !strings.Contains(cfg, want) {
			t.Errorf("clusterctl.yaml lacks %q:\n%s", want, cfg)
		}
	}
	if strings.Contains(cfg, "/elsewhere/") || strings.Count(cfg, "name: foo") != 1 {
		t.Errorf("the foo entry was not updated in place:\n%s", cfg)
	}
}

func TestConfigRejectsBadFiles(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, content, wantErr string }{
		{name: "not a mapping", content: "- a\n- b\n", wantErr: "not a mapping"},
		{name: "providers not a list", content: "providers: {a: 1}\n", wantErr: "providers (line 1) is not a list"},
		{name: "not YAML", content: "a: [\n", wantErr: "parsing"},
		{name: "binary", content: "a: \x00\n", wantErr: "NUL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			tree.WriteIn(t, root, map[string]string{clusterctlcfg.File: tt.content})
			before := treeHash(t, root)
			_, err := publish.Publish(t.Context(), set(foo("v1.0.0")), New(root, Options{}), publish.Policy{})
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), clusterctlcfg.File) {
				t.Fatalf("Publish error = %v, want one naming %s and containing %q", err, clusterctlcfg.File, tt.wantErr)
			}
			after := treeHash(t, root)
			delete(after, fsx.LockFile) // created on this first publish to root
			sameTree(t, before, after)
			if _, err := os.Stat(filepath.Join(root, "infrastructure-foo")); !os.IsNotExist(err) {
				t.Errorf("release folder left behind: %v", err)
			}
		})
	}
}
