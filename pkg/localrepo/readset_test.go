package localrepo

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

func TestReadSet(t *testing.T) {
	t.Parallel()
	type got struct{ Label, Name, Type, Version, Components, Files string }
	tests := []struct {
		name  string
		files map[string]string
		cfg   string // the build index (IndexFile)
		want  []got
	}{
		{name: "from the build index", files: map[string]string{
			"infrastructure-x/v1.0.0/metadata.yaml": "m", "infrastructure-x/v1.0.0/components.yaml": "c",
			"infrastructure-x/v1.0.0/infrastructure-components.yaml": "not the one", "infrastructure-x/v1.0.0/sha256": "bookkeeping",
			// clusterctl.yaml is never parsed back: a stale entry there changes nothing.
			clusterctlcfg.File: "providers:\n- name: x\n  type: InfrastructureProvider\n  url: file:///elsewhere/infrastructure-x/latest/infrastructure-components.yaml\n",
		}, cfg: `{"providers": [{"label": "infrastructure-x", "name": "x", "type": "InfrastructureProvider", "components": "components.yaml"}]}`,
			want: []got{{"infrastructure-x", "x", layout.InfrastructureProvider, "v1.0.0", "components.yaml", "components.yaml,infrastructure-components.yaml,metadata.yaml"}}},
		{name: "from label prefixes", files: map[string]string{
			"bootstrap-kubeadm/v0.1.0/metadata.yaml": "m", "bootstrap-kubeadm/v0.1.0/bootstrap-components.yaml": "c",
			"runtime-extension-foo/v0.2.0/metadata.yaml": "m", "runtime-extension-foo/v0.2.0/runtime-extension-components.yaml": "c",
			"cluster-api/v1.9.0/metadata.yaml": "m", "cluster-api/v1.9.0/core-components.yaml": "c",
			"clusterctl.yaml": "", ".staging/junk": "x",
		}, want: []got{
			{"bootstrap-kubeadm", "kubeadm", layout.BootstrapProvider, "v0.1.0", "bootstrap-components.yaml", "bootstrap-components.yaml,metadata.yaml"},
			{"cluster-api", "cluster-api", layout.CoreProvider, "v1.9.0", "core-components.yaml", "core-components.yaml,metadata.yaml"},
			{"runtime-extension-foo", "foo", layout.RuntimeExtensionProvider, "v0.2.0", "runtime-extension-components.yaml", "metadata.yaml,runtime-extension-components.yaml"},
		}},
		{name: "hidden and _ entries skipped", files: map[string]string{
			"infrastructure-y/v0.1.0/infrastructure-components.yaml": "c", "infrastructure-y/v0.1.0/.infrastructure-components.yaml.capirepo-tmp-1": "staged",
			"infrastructure-y/.v0.2.0.capirepo-tmp-2/metadata.yaml": "staged", "_docs/infrastructure-y/v0.1.0/cluster-template.md": "# vars",
		}, want: []got{{"infrastructure-y", "y", layout.InfrastructureProvider, "v0.1.0", "infrastructure-components.yaml", "infrastructure-components.yaml"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			tree.WriteIn(t, dir, tt.files)
			if tt.cfg != "" {
				tree.WriteIn(t, dir, map[string]string{IndexFile: tt.cfg})
			}
			s, err := ReadSet(dir)
			if err != nil {
				t.Fatal(err)
			}
			var out []got
			for _, r := range s.Releases {
				var names []string
				for _, f := range r.Files {
					names = append(names, f.Name)
				}
				out = append(out, got{r.Label(), r.Name, string(r.Type), r.Version.String(), r.ComponentsFile, strings.Join(names, ",")})
			}
			if !reflect.DeepEqual(out, tt.want) {
				t.Errorf("ReadSet =\n%+v\nwant\n%+v", out, tt.want)
			}
		})
	}
}

func TestReadSetRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		files   map[string]string
		link    [2]string // symlink target, link path (relative)
		wantErr string
		wantIn  string // the path (relative) the error must name
	}{
		{name: "symlinked file", files: map[string]string{"infrastructure-a/v1.0.0/metadata.yaml": "m", "infrastructure-a/v1.0.0/infrastructure-components.yaml": "c"},
			link: [2]string{"/etc/hostname", "infrastructure-a/v1.0.0/extra.yaml"}, wantErr: "symbolic link, not a regular file", wantIn: "infrastructure-a/v1.0.0/extra.yaml"},
		{name: "symlinked version folder", files: map[string]string{"infrastructure-a/v1.0.0/metadata.yaml": "m", "infrastructure-a/v1.0.0/infrastructure-components.yaml": "c"},
			link: [2]string{"v1.0.0", "infrastructure-a/v1.1.0"}, wantErr: "symbolic link, not a folder", wantIn: "infrastructure-a/v1.1.0"},
		{name: "unsafe file name", files: map[string]string{"infrastructure-a/v1.0.0/a b.yaml": "x", "infrastructure-a/v1.0.0/infrastructure-components.yaml": "c"},
			wantErr: "not allowed", wantIn: "infrastructure-a/v1.0.0/a b.yaml"},
		{name: "non-version folder", files: map[string]string{"infrastructure-a/latest/metadata.yaml": "m"},
			wantErr: "no \"v\" prefix", wantIn: "infrastructure-a/latest"},
		{name: "no components file", files: map[string]string{"infrastructure-a/v1.0.0/metadata.yaml": "m"},
			wantErr: "no *-components.yaml", wantIn: "infrastructure-a/v1.0.0"},
		{name: "folder in a version folder", files: map[string]string{"infrastructure-a/v1.0.0/infrastructure-components.yaml": "c", "infrastructure-a/v1.0.0/extra/x.yaml": "x"},
			wantErr: "a folder, not a regular file", wantIn: "infrastructure-a/v1.0.0/extra"},
		{name: "empty tree", files: map[string]string{"README": "x"}, wantErr: "no <provider-label>", wantIn: ""},
		{name: "build index entry for another label", files: map[string]string{
			"core-x/v1.0.0/metadata.yaml": "m", "core-x/v1.0.0/components.yaml": "c",
			IndexFile: `{"providers": [{"label": "core-x", "name": "x", "type": "InfrastructureProvider", "components": "components.yaml"}]}`},
			wantErr: "must be infrastructure-x", wantIn: "core-x/v1.0.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			tree.WriteIn(t, dir, tt.files)
			if tt.link[1] != "" {
				if err := os.Symlink(tt.link[0], filepath.Join(dir, tt.link[1])); err != nil {
					t.Skipf("symlinks unsupported: %v", err)
				}
			}
			_, err := ReadSet(dir)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), filepath.Join(dir, filepath.FromSlash(tt.wantIn))) {
				t.Fatalf("ReadSet error = %v, want one containing %q and the path %s", err, tt.wantErr, filepath.Join(dir, filepath.FromSlash(tt.wantIn)))
			}
		})
	}
}

// TestReadSetPicksRecommendedComponents: with several components files and no
// clusterctl.yaml, the contract's name for the type is the components file.
func TestReadSetPicksRecommendedComponents(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"infrastructure-a/v1.0.0/metadata.yaml":                              "m",
		"infrastructure-a/v1.0.0/infrastructure-components.yaml":             "c",
		"infrastructure-a/v1.0.0/infrastructure-components-development.yaml": "d",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set, err := ReadSet(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := set.Releases[0].ComponentsFile; got != "infrastructure-components.yaml" {
		t.Errorf("components file = %s", got)
	}
}
