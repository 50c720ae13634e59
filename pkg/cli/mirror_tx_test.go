package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
)

// tinyRepo builds the tiny provider at version and publishes it into a local
// repository, returning the repository root.
func tinyRepo(t *testing.T, versions ...string) string {
	t.Helper()
	dir := sampleTree(t, nil)
	repo := filepath.Join(t.TempDir(), "repo")
	for _, v := range versions {
		dist := filepath.Join(dir, "dist-"+v)
		if code, _, errOut := runEnv(t, nil, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", v, "--out", dist); code != 0 {
			t.Fatalf("build %s: %s", v, errOut)
		}
		if code, _, errOut := runEnv(t, nil, "publish", "local", "--from", dist, "--to", repo); code != 0 {
			t.Fatalf("publish %s: %s", v, errOut)
		}
	}
	return repo
}

func tinyFromConfig(t *testing.T, repo string) string {
	return writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: tiny, type: BootstrapProvider, url: \"file://"+repo+"/bootstrap-tiny/v1.0.0/bootstrap-components.yaml\"}\n")
}

func TestMirrorLocalSourceRefusesSymlinks(t *testing.T) {
	t.Parallel()
	repo := tinyRepo(t, "v1.0.0")
	secret := writeText(t, filepath.Join(t.TempDir(), "secret"), "kind: Secret # not for the mirror\n")
	if err := os.Symlink(secret, filepath.Join(repo, "bootstrap-tiny", "v1.0.0", "cluster-template-evil.yaml")); err != nil {
		t.Skipf("symlinks unsupported: %v", err)
	}
	mir := filepath.Join(t.TempDir(), "mirror")
	code, _, errOut := runMirror(t, nil, "--out", mir, "--from-config", tinyFromConfig(t, repo), "--cert-manager", "")
	if code == 0 || !strings.Contains(errOut, "cluster-template-evil.yaml") || !strings.Contains(strings.ToLower(errOut), "link") {
		t.Fatalf("mirror exit %d, want a refusal naming the link:\n%s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(mir, "bootstrap-tiny", "v1.0.0", "cluster-template-evil.yaml")); err == nil {
		t.Errorf("the linked file was copied into the mirror")
	}
}

// TestMirrorConcurrentWithPublishLocal runs mirror and publish local into the same
// root at once: the lock orders them, and neither loses the other's entry or files.
func TestMirrorConcurrentWithPublishLocal(t *testing.T) {
	t.Parallel()
	upstream := tinyRepo(t, "v1.0.0")
	dir := sampleTree(t, func(f map[string]string) {
		f["capirepo.yaml"] = strings.Replace(f["capirepo.yaml"], "name: tiny", "name: other", 1)
	})
	for round := range 6 {
		root := filepath.Join(t.TempDir(), "root")
		dist := filepath.Join(dir, fmt.Sprintf("dist-%d", round))
		if code, _, errOut := runEnv(t, nil, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.2", "--out", dist); code != 0 {
			t.Fatalf("build: %s", errOut)
		}
		var wg sync.WaitGroup
		var mcode, pcode int
		var mout, pout string
		wg.Go(func() {
			mcode, _, mout = runMirror(t, nil, "--out", root, "--from-config", tinyFromConfig(t, upstream), "--cert-manager", "")
		})
		wg.Go(func() { pcode, _, pout = runEnv(t, nil, "publish", "local", "--from", dist, "--to", root) })
		wg.Wait()
		if mcode != 0 || pcode != 0 {
			t.Fatalf("round %d: mirror exit %d, publish exit %d\n%s\n%s", round, mcode, pcode, mout, pout)
		}
		cfg, err := clusterctlcfg.Load(filepath.Join(root, clusterctlcfg.File))
		if err != nil {
			t.Fatal(err)
		}
		ps, _ := cfg.Providers()
		if len(ps) != 2 {
			t.Errorf("round %d: clusterctl.yaml has %v, want both tiny and other", round, ps)
		}
		for _, p := range []string{"bootstrap-tiny/v1.0.0/metadata.yaml", "bootstrap-other/v1.0.2/metadata.yaml", "mirror.json"} {
			if _, err := os.Stat(filepath.Join(root, p)); err != nil {
				t.Errorf("round %d: %s lost: %v", round, p, err)
			}
		}
	}
}

// TestMirrorFailsWhenClusterctlCouldNotUseIt: a release whose metadata.yaml does not
// list its own series is mirrored (lint only warns without --strict), then the check
// reads the mirror as verify does and fails with verify's message.
func TestMirrorFailsWhenClusterctlCouldNotUseIt(t *testing.T) {
	t.Parallel()
	repo := tinyRepo(t, "v1.0.0")
	md := filepath.Join(repo, "bootstrap-tiny", "v1.0.0", "metadata.yaml")
	writeText(t, md, "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 2, minor: 0, contract: v1beta1}\n")
	mir := filepath.Join(t.TempDir(), "mirror")
	code, out, errOut := runMirror(t, nil, "--out", mir, "--from-config", tinyFromConfig(t, repo), "--cert-manager", "")
	if code != ExitFindings || !strings.Contains(errOut, "clusterctl could not use the mirror") || !strings.Contains(errOut, "bootstrap-tiny") {
		t.Fatalf("mirror exit %d, want %d with verify's findings:\n%s\n%s", code, ExitFindings, out, errOut)
	}
	_, verifyOut, _ := runEnv(t, nil, "verify", mir)
	for _, line := range strings.Split(verifyOut, "\n") {
		if strings.Contains(line, "error") && strings.Contains(line, "bootstrap-tiny/v1.0.0") && !strings.Contains(errOut, strings.TrimSpace(line)) {
			t.Errorf("verify says %q; mirror's message lacks it:\n%s", line, errOut)
		}
	}
}

// A mirror that stops before its transaction (here: a source refused) says nothing
// was written, and names no images.txt or clusterctl.yaml it did not write.
func TestMirrorStoppedBeforeWritingSaysSo(t *testing.T) {
	t.Parallel()
	repo := tinyRepo(t, "v1.0.0")
	if err := os.Remove(filepath.Join(repo, "bootstrap-tiny", "v1.0.0", "metadata.yaml")); err != nil {
		t.Fatal(err)
	}
	mir := filepath.Join(t.TempDir(), "mirror")
	code, out, errOut := runMirror(t, nil, "--out", mir, "--from-config", tinyFromConfig(t, repo), "--cert-manager", "")
	if code != ExitPublish || !strings.Contains(out, "nothing written") || strings.Contains(out, "images.txt") || strings.Contains(out, "clusterctl.yaml") {
		t.Fatalf("mirror exit %d, stdout %q (stderr %q): want exit 4 and 'nothing written', no file named", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(mir, "images.txt")); err == nil {
		t.Errorf("images.txt was written")
	}
}
