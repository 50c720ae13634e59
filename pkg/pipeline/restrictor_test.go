package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
)

// flavors: x patches with a file outside its folder (inside the repository), y with
// a file outside the repository.
var flavors = map[string]string{
	"repo/templates/flavors/base/kustomization.yaml": "resources: [cluster.yaml]\n",
	"repo/templates/flavors/base/cluster.yaml":       cluster,
	"repo/templates/shared/patch.yaml":               patch,
	"repo/templates/flavors/x/kustomization.yaml":    "resources: [../base]\npatches:\n- path: ../../shared/patch.yaml\n",
	"repo/templates/flavors/y/kustomization.yaml":    "resources: [../base]\npatches:\n- path: ../../../../outside.yaml\n",
}

func TestLoadRestrictorDefaultHints(t *testing.T) {
	t.Parallel()
	cfg := project(t, "  templates:\n  - kustomize: templates/flavors/x\n    flavor: x\n", flavors)
	_, err := build(t, cfg, Options{})
	if err == nil || !strings.Contains(err.Error(), "is not in or below") || !strings.Contains(err.Error(), "loadRestrictor: none") {
		t.Fatalf("err = %v, want kustomize's refusal with a hint naming loadRestrictor", err)
	}
	if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "flavors/x/kustomization.yaml") {
		t.Errorf("want one line naming the kustomization file, got %q", err)
	}
}

func TestLoadRestrictorNone(t *testing.T) {
	t.Parallel()
	for _, tail := range []string{
		"  templates:\n  - kustomize: templates/flavors/x\n    flavor: x\n    loadRestrictor: none\n",
		"  loadRestrictor: none\n  templates:\n  - kustomize: templates/flavors/x\n    flavor: x\n",
	} {
		cfg := project(t, tail, flavors)
		res, err := build(t, cfg, Options{})
		if err != nil {
			t.Fatalf("%q: %v", tail, err)
		}
		if f := res.Set.Releases[0].File("cluster-template-x.yaml"); f == nil || !strings.Contains(string(f.Data), "shared:") {
			t.Errorf("%q: patch not applied: %v", tail, f)
		}
	}
}

func TestLoadRestrictorNoneStaysInTheRepository(t *testing.T) {
	t.Parallel()
	cfg := project(t, "  loadRestrictor: none\n  templates:\n  - kustomize: templates/flavors/y\n    flavor: y\n", flavors)
	_, err := build(t, cfg, Options{})
	if err == nil || !strings.Contains(err.Error(), "outside.yaml") || !strings.Contains(err.Error(), "is outside") {
		t.Fatalf("err = %v, want the file outside the repository refused", err)
	}
}

func TestLoadRestrictorEntryOverridesProvider(t *testing.T) {
	t.Parallel()
	cfg := project(t, "  loadRestrictor: none\n  templates:\n  - kustomize: templates/flavors/x\n    flavor: x\n    loadRestrictor: rootOnly\n", flavors)
	if _, err := build(t, cfg, Options{}); err == nil || !strings.Contains(err.Error(), "is not in or below") {
		t.Fatalf("err = %v, want the entry's rootOnly to win", err)
	}
}

func TestInputFindings(t *testing.T) {
	t.Parallel()
	cfg := project(t, "  templates:\n  - path: templates/empty\n", map[string]string{
		"repo/config/kustomization.yaml": "resources: [all.yaml]\ncommonLabels:\n  cluster.x-k8s.io/provider: bootstrap-tiny\n",
		"repo/templates/empty/README.md": "nothing here",
	})
	res, err := build(t, cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range res.Findings {
		got[f.Rule] = f.File + ": " + f.Message
		if f.Line > 0 {
			got[f.Rule] = fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Message)
		}
	}
	for rule, want := range map[string]string{
		"kustomize-deprecated":   "config/kustomization.yaml:2: 'commonLabels' is deprecated",
		"templates-folder-empty": "templates/empty: ",
		"provider-type-label":    "config: the kustomization sets cluster.x-k8s.io/provider: bootstrap-tiny",
	} {
		if !strings.HasPrefix(got[rule], want) {
			t.Errorf("%s: got %q, want prefix %q", rule, got[rule], want)
		}
	}
}

// kustomize itself allows bases outside the kustomization's folder and follows
// symbolic links; capirepo's bound refuses both when they leave the repository.
func TestKustomizeInputsLeavingTheRepository(t *testing.T) {
	t.Parallel()
	t.Run("base folder", func(t *testing.T) {
		t.Parallel()
		cfg := project(t, "", map[string]string{
			"repo/config/kustomization.yaml": "resources: [all.yaml, ../../elsewhere]\n",
			"elsewhere/kustomization.yaml":   "resources: [cm.yaml]\n",
			"elsewhere/cm.yaml":              "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, namespace: tiny-system}\n",
		})
		_, err := build(t, cfg, Options{})
		if err == nil || !strings.Contains(err.Error(), "elsewhere") || !strings.Contains(err.Error(), "outside") {
			t.Fatalf("err = %v, want the base outside the repository refused", err)
		}
	})
	t.Run("symlinked resource", func(t *testing.T) {
		t.Parallel()
		cfg := project(t, "", map[string]string{"repo/config/kustomization.yaml": "resources: [all.yaml, linked.yaml]\n"})
		symlink(t, cfg, filepath.Join(cfg.Dir, "..", "outside.yaml"), "config/linked.yaml")
		_, err := build(t, cfg, Options{})
		if err == nil || !strings.Contains(err.Error(), "linked.yaml") || !strings.Contains(err.Error(), "outside") {
			t.Fatalf("err = %v, want the symbolic link refused with its name", err)
		}
	})
}

// The one-line error names the kustomization that failed, not only the top one.
func TestKustomizeErrorNamesTheNestedKustomization(t *testing.T) {
	t.Parallel()
	cfg := project(t, "", map[string]string{
		"repo/config/kustomization.yaml":     "resources: [all.yaml, sub]\n",
		"repo/config/sub/kustomization.yaml": "resources: [a.yaml, b.yaml]\n",
		"repo/config/sub/a.yaml":             "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, namespace: tiny-system}\n",
		"repo/config/sub/b.yaml":             "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, namespace: tiny-system}\n",
	})
	want := "kustomize build " + filepath.Join(realDir(t, cfg.Dir), "config", "sub", "kustomization.yaml") + ":"
	for _, images := range [][]config.Image{nil, {{Name: "registry.example.com/tiny", NewTag: "v2"}}} { // with and without capirepo's overlay
		cfg.Providers[0].Components.Images = images
		_, err := build(t, cfg, Options{})
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Fatalf("err = %v, want one line naming config/sub/kustomization.yaml", err)
		}
	}
}

func realDir(t *testing.T, p string) string {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A replaced provider label of another type warns; any other value is a note.
func TestRelabelSeverity(t *testing.T) {
	t.Parallel()
	for label, want := range map[string]string{"bootstrap-tiny": "warning", "k0sproject-tiny": "note", "infrastructure-other": "note"} {
		cfg := project(t, "", map[string]string{
			"repo/config/kustomization.yaml": "resources: [all.yaml]\nlabels:\n- pairs: {cluster.x-k8s.io/provider: " + label + "}\n",
		})
		res, err := build(t, cfg, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, f := range res.Findings {
			if f.Rule == "provider-type-label" {
				got = string(f.Severity)
			}
		}
		if got != want {
			t.Errorf("label %s: severity %q, want %q", label, got, want)
		}
	}
}

// Providers sharing metadata.yaml report its findings once.
func TestSharedSourceFindingsOnce(t *testing.T) {
	t.Parallel()
	cfg := project(t, "- name: other\n  type: BootstrapProvider\n  components:\n    kustomize: config\n  metadata: metadata.yaml\n", map[string]string{
		"repo/metadata.yaml": "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n",
	})
	res, err := build(t, cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range res.Findings {
		if f.Rule == "metadata-kind-missing" {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("metadata-kind-missing reported %d times, want once:\n%v", n, res.Findings)
	}
}

// A nested kustomization whose folder name is as long as its parent's: the one that
// failed is named, not the first one read.
func TestKustomizeErrorNamesTheFailingKustomization(t *testing.T) {
	t.Parallel()
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: y, namespace: tiny-system}\n"
	cfg := project(t, "", map[string]string{
		"repo/config/kustomization.yaml": "resources: [all.yaml, ../cfgxyz]\n",
		"repo/cfgxyz/kustomization.yaml": "resources: [a.yaml, b.yaml]\n",
		"repo/cfgxyz/a.yaml":             cm,
		"repo/cfgxyz/b.yaml":             cm,
	})
	want := "kustomize build " + filepath.Join(realDir(t, cfg.Dir), "cfgxyz", "kustomization.yaml") + ":"
	for _, images := range [][]config.Image{nil, {{Name: "registry.example.com/tiny", NewTag: "v2"}}} { // with and without capirepo's overlay
		cfg.Providers[0].Components.Images = images
		if _, err := build(t, cfg, Options{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("err = %v, want it to name cfgxyz/kustomization.yaml", err)
		}
	}
}

// A kustomization may name a file by an absolute path (kustomize's loader reads it
// as written): inside the repository it is screened and rendered, outside it is
// refused with the path named.
func TestKustomizeAbsolutePaths(t *testing.T) {
	t.Parallel()
	cfg := project(t, "", map[string]string{"repo/config/extra.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: extra, namespace: tiny-system}\n"})
	kfile := filepath.Join(cfg.Dir, "config", "kustomization.yaml")
	write := func(ref string) {
		if err := os.WriteFile(kfile, []byte("resources: [all.yaml, "+ref+"]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(cfg.Dir, "config", "extra.yaml"))
	res, err := build(t, cfg, Options{})
	if err != nil {
		t.Fatalf("absolute path inside the repository: %v", err)
	}
	if f := res.Set.Releases[0].File("infrastructure-components.yaml"); f == nil || !strings.Contains(string(f.Data), "name: extra") {
		t.Errorf("the file named by its absolute path is not rendered")
	}
	outside := filepath.Join(filepath.Dir(cfg.Dir), "outside.yaml")
	write(outside)
	_, err = build(t, cfg, Options{})
	if err == nil || !strings.Contains(err.Error(), outside+" is outside") {
		t.Fatalf("err = %v, want %s refused as outside the repository", err, outside)
	}
}

// A kustomization file that is a symbolic link out of the repository is refused by
// name before anything reads it (a link to /dev/zero would otherwise be read forever).
func TestKustomizationFileLinkedOutside(t *testing.T) {
	t.Parallel()
	cfg := project(t, "", map[string]string{"kust.yaml": "resources: [all.yaml]\n"})
	kfile := filepath.Join(cfg.Dir, "config", "kustomization.yaml")
	os.Remove(kfile)
	symlink(t, cfg, filepath.Join(filepath.Dir(cfg.Dir), "kust.yaml"), "config/kustomization.yaml")
	_, err := build(t, cfg, Options{})
	if err == nil || !strings.Contains(err.Error(), kfile+" resolves to") || !strings.Contains(err.Error(), "outside") {
		t.Fatalf("err = %v, want %s refused as a link out of the repository", err, kfile)
	}
}
