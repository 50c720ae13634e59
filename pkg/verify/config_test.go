package verify

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// configRepo is a repository root with infrastructure-foo v1.0.0, cert-manager
// v1.21.1 and the clusterctl.yaml cfg.
func configRepo(t *testing.T, cfg string) string {
	root := t.TempDir()
	tree.WriteIn(t, root, map[string]string{
		"infrastructure-foo/v1.0.0/metadata.yaml":                  md("1.0 v1beta1"),
		"infrastructure-foo/v1.0.0/infrastructure-components.yaml": "kind: Namespace\n",
		"cert-manager/v1.21.1/cert-manager.yaml":                   "kind: Namespace\n",
		"clusterctl.yaml":                                          strings.ReplaceAll(cfg, "ROOT", root),
	})
	return root
}

// TestConfigReadAsClusterctl: each local URL of clusterctl.yaml is read where
// clusterctl reads it; findings per label, on the entry's line.
func TestConfigReadAsClusterctl(t *testing.T) {
	t.Parallel()
	other := configRepo(t, "")
	type want struct{ at, rule, text string } // at: label:line
	cases := []struct {
		cfg  string
		want *want
	}{
		{"providers:\n- {name: foo, type: InfrastructureProvider, url: file://ROOT/infrastructure-foo/v1.0.0/infrastructure-components.yaml}\ncert-manager: {url: ROOT/cert-manager/latest/cert-manager.yaml, version: v1.21.1}\n", nil},
		{"providers:\n- {name: foo, type: InfrastructureProvider, url: ROOT/infrastructure-foo/latest/infrastructure-components.yaml}\n", nil},
		{"providers:\n- {name: foo, type: InfrastructureProvider, url: \"${HERE}/infrastructure-foo/v1.0.0/infrastructure-components.yaml\"}\n", nil},
		{"providers:\n- {name: gh, type: InfrastructureProvider, url: https://github.com/a/b/releases/latest/infrastructure-components.yaml}\n", nil},
		{"providers:\n- {name: foo, type: InfrastructureProvider, url: /gone/infrastructure-foo/v1.0.0/infrastructure-components.yaml}\n",
			&want{"infrastructure-foo:2", "repo-config-url", "/gone/infrastructure-foo/v1.0.0/metadata.yaml (no such file); this repository holds infrastructure-foo/v1.0.0: if it was moved or copied here, run capirepo mirror relink ROOT"}},
		{"providers:\n- {name: foo, type: InfrastructureProvider, url: OTHER/infrastructure-foo/v1.0.0/infrastructure-components.yaml}\n",
			&want{"infrastructure-foo:2", "repo-config-elsewhere", "reads OTHER, not this repository ROOT"}},
		{"providers:\n- {name: foo, type: InfrastructureProvider, url: ROOT/infrastructure-foo/v1.0.0/core-components.yaml}\n",
			&want{"infrastructure-foo:2", "repo-config-url", "ROOT/infrastructure-foo/v1.0.0/core-components.yaml (no such file)"}},
		{"providers:\n- {name: foo, type: InfrastructureProvider, url: infrastructure-foo/v1.0.0/infrastructure-components.yaml}\n",
			&want{"infrastructure-foo:2", "repo-config-url", "must be an absolute path"}},
		{"cert-manager:\n  url: file://ROOT/cert-manager/v1.21.1/cert-manager.yaml\n  version: v1.20.2\n",
			&want{"cert-manager:2", "repo-config-url", "ROOT/cert-manager/v1.20.2/cert-manager.yaml (no such file)"}},
	}
	for _, c := range cases {
		root := configRepo(t, strings.ReplaceAll(c.cfg, "OTHER", other))
		byLabel, err := Config(root, func(k string) string { return map[string]string{"HERE": root}[k] })
		if err != nil {
			t.Fatal(err)
		}
		var got []want
		for label, fs := range byLabel {
			for _, f := range fs {
				got = append(got, want{fmt.Sprintf("%s:%d", label, f.Line), f.Rule, f.Message})
			}
		}
		if c.want == nil && len(got) > 0 {
			t.Errorf("%s: findings %v, want none", c.cfg, got)
			continue
		}
		if c.want == nil {
			continue
		}
		text := strings.NewReplacer("ROOT", root, "OTHER", other).Replace(c.want.text)
		if len(got) != 1 || got[0].at != c.want.at || got[0].rule != c.want.rule || !strings.Contains(got[0].text, text) {
			t.Errorf("%s: findings %v, want one %s %s containing %q", c.cfg, got, c.want.at, c.want.rule, text)
		}
	}
	if fs, err := Config(t.TempDir(), nil); fs != nil || err != nil {
		t.Errorf("no clusterctl.yaml: %v, %v", fs, err)
	}
	if fs, _ := Config(filepath.Join(other, "missing"), nil); fs != nil {
		t.Errorf("missing folder: %v", fs)
	}
}
