package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

const (
	cfgHead = "providers:\n- name: tiny\n  type: InfrastructureProvider\n  components:\n    kustomize: config\n  metadata: metadata.yaml\n"
	allYAML = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: tiny-system\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: tiny\n  namespace: tiny-system\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec:\n      containers:\n      - name: manager\n        image: registry.example.com/tiny:v1\n"
	cluster = "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n"
	patch   = "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n  labels: {shared: \"yes\"}\n"
)

// project writes a provider tree under <tmp>/repo, with <tmp>/outside.yaml next to
// it, and loads its config (cfgHead + tail).
func project(t *testing.T, tail string, files map[string]string) *config.Config {
	t.Helper()
	all := map[string]string{
		"repo/capirepo.yaml":             cfgHead + tail,
		"repo/metadata.yaml":             "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n",
		"repo/config/kustomization.yaml": "resources: [all.yaml]\n",
		"repo/config/all.yaml":           allYAML,
		"outside.yaml":                   patch,
	}
	for k, v := range files {
		all[k] = v
	}
	dir := tree.Write(t, all)
	cfg, err := config.Load(filepath.Join(dir, "repo", "capirepo.yaml"))
	if err != nil {
		t.Fatalf("loading config: %v", err)
	}
	return cfg
}

func build(t *testing.T, cfg *config.Config, opts Options) (*Result, error) {
	t.Helper()
	opts.Version, opts.Published = layout.MustParseVersion("v1.0.0"), []string{}
	return Build(context.Background(), cfg, opts)
}

func symlink(t *testing.T, cfg *config.Config, target, link string) {
	t.Helper()
	p := filepath.Join(cfg.Dir, link)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

func TestInputsLeavingTheTreeAreRefused(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, tail, link, want string
	}{
		{"symlinked template", "  templates:\n  - path: templates\n", "templates/cluster-template.yaml", "cluster-template.yaml is a symbolic link to"},
		{"symlinked files entry", "  files: [extra/openapi.yaml]\n", "extra/openapi.yaml", "openapi.yaml is a symbolic link to"},
		{"symlinked templates folder", "  templates:\n  - path: templates\n", "templates", "templates is a symbolic link to"},
		{"symlinked metadata", "", "metadata.yaml", "metadata.yaml is a symbolic link to"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := project(t, c.tail, nil)
			os.Remove(filepath.Join(cfg.Dir, c.link))
			symlink(t, cfg, filepath.Join(cfg.Dir, "..", "outside.yaml"), c.link)
			if c.link == "templates" {
				os.Remove(filepath.Join(cfg.Dir, c.link))
				symlink(t, cfg, filepath.Join(cfg.Dir, ".."), c.link)
			}
			_, err := build(t, cfg, Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "outside") {
				t.Fatalf("err = %v, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestConfigPathsLeavingTheTreeAreRefused(t *testing.T) {
	t.Parallel()
	for _, tail := range []string{
		"  files: [/etc/hostname]\n",
		"  files: [../outside.yaml]\n",
		"  files: [extra/../../outside.yaml]\n",
		"  templates:\n  - path: ../outside.yaml\n    flavor: x\n",
		"  templates:\n  - path: /tmp\n",
		"  templates:\n  - kustomize: ../flavor\n    flavor: x\n",
		"  templates:\n  - clusterClass: /etc/cc.yaml\n",
	} {
		dir := tree.Write(t, map[string]string{"capirepo.yaml": cfgHead + tail})
		_, err := config.Load(filepath.Join(dir, "capirepo.yaml"))
		if err == nil || !(strings.Contains(err.Error(), "absolute path") || strings.Contains(err.Error(), "leaves the folder")) {
			t.Errorf("%q: err = %v, want a refusal", tail, err)
		}
	}
}

func TestSymlinkInsideTheTreeIsFollowed(t *testing.T) {
	t.Parallel()
	cfg := project(t, "  templates:\n  - path: templates\n", map[string]string{"repo/real/cluster-template.yaml": cluster})
	symlink(t, cfg, filepath.Join(cfg.Dir, "real", "cluster-template.yaml"), "templates/cluster-template.yaml")
	res, err := build(t, cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f := res.Set.Releases[0].File("cluster-template.yaml"); f == nil || string(f.Data) != cluster {
		t.Fatalf("template not shipped: %v", f)
	}
}

// A files: entry naming a folder is refused with what to do, not a bare read error.
func TestFilesEntryFolder(t *testing.T) {
	t.Parallel()
	cfg := project(t, "  files: [extra]\n", map[string]string{"repo/extra/openapi.yaml": "a: 1\n"})
	_, err := build(t, cfg, Options{})
	if err == nil || !strings.Contains(err.Error(), "capirepo.yaml:7: files[0]: extra is a folder") || !strings.Contains(err.Error(), "single files") {
		t.Fatalf("err = %v, want the folder named and what files: takes", err)
	}
}
