package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

// TestMirrorMovedThenRelinked: a mirror carried to another folder names its old
// place, so clusterctl fails there and verify says so (repo-config-url, exit 1);
// after `mirror relink NEWDIR` (docs/air-gapped.md step 2) the real clusterctl
// binaries read the moved mirror and verify is clean.
func TestMirrorMovedThenRelinked(t *testing.T) {
	t.Parallel()
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: sampleReleases(t, "v0.1.0")})
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/latest/infrastructure-components.yaml\"}\n")
	dir := filepath.Join(t.TempDir(), "media", "capi")
	if code, out, errOut := runMirror(t, nil, "--out", dir, "--from-config", from, "--github-url", gh.URL(), "--infrastructure", "sample:v0.1.0", "--quiet"); code != ExitOK {
		t.Fatalf("mirror exit %d\n%s\n%s", code, out, errOut)
	}
	moved := filepath.Join(t.TempDir(), "srv", "capi")
	if err := os.MkdirAll(filepath.Dir(moved), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(moved, "clusterctl.yaml")
	binaries := clusterctl.Pick(t, "v1.6.8", "v1.13.6", "v1.14.2")
	describe := []string{"generate", "provider", "--infrastructure", "sample:v0.1.0", "--config", cfg, "--describe"}
	for _, cc := range binaries {
		if _, errOut, err := cc.Run(t, nil, describe...); err == nil || !strings.Contains(errOut, filepath.Join(dir, "infrastructure-sample", "v0.1.0", "metadata.yaml")) {
			t.Errorf("clusterctl %s read the moved mirror before relink (err %v):\n%s", cc.Version, err, errOut)
		}
	}
	code, out, errOut := runEnv(t, nil, "verify", moved)
	if code != ExitFindings || strings.Count(out, "error repo-config-url") != 2 || !strings.Contains(out, "run capirepo mirror relink "+moved) {
		t.Fatalf("verify before relink: exit %d, want 1 with repo-config-url for the provider and cert-manager\n%s%s", code, out, errOut)
	}
	code, out, errOut = runEnv(t, nil, "mirror", "relink", moved)
	if code != ExitOK || !strings.Contains(out, "relinked infrastructure-sample: file://"+moved+"/infrastructure-sample/v0.1.0/infrastructure-components.yaml") ||
		!strings.Contains(out, "relinked cert-manager: file://"+moved+"/cert-manager/v1.21.1/cert-manager.yaml") {
		t.Fatalf("relink: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut = runEnv(t, nil, "verify", moved); code != ExitOK || strings.Contains(out, "repo-config") {
		t.Errorf("verify after relink: exit %d\n%s%s", code, out, errOut)
	}
	for _, cc := range binaries {
		if desc := cc.MustRun(t, nil, describe...); !strings.Contains(desc, "file://"+moved+"/infrastructure-sample/") || !strings.Contains(desc, "sample-system") {
			t.Errorf("clusterctl %s --describe after relink does not read the moved mirror:\n%s", cc.Version, desc)
		}
	}
}

// A publish local folder names its providers at `latest` (.../bootstrap-tiny/latest/
// bootstrap-components.yaml): relink points those URLs at the moved folder too, and
// clusterctl reads it there.
func TestPublishLocalMovedThenRelinked(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "repo")
	if code, out, errOut := run(t, "publish", "local", "--from", builtTiny(t), "--to", dir); code != ExitOK {
		t.Fatalf("publish local: exit %d\n%s%s", code, out, errOut)
	}
	if cfg := readFile(t, filepath.Join(dir, "clusterctl.yaml")); !strings.Contains(cfg, "/bootstrap-tiny/latest/") {
		t.Fatalf("publish local no longer writes latest URLs; this test needs one:\n%s", cfg)
	}
	moved := filepath.Join(t.TempDir(), "moved")
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runEnv(t, nil, "mirror", "relink", moved)
	if code != ExitOK || !strings.Contains(out, "relinked bootstrap-tiny: file://"+moved+"/bootstrap-tiny/latest/bootstrap-components.yaml") {
		t.Fatalf("relink: exit %d, want 0 relinking the latest URL\n%s%s", code, out, errOut)
	}
	if code, out, errOut = runEnv(t, nil, "verify", moved); code != ExitOK || strings.Contains(out, "repo-config") {
		t.Errorf("verify after relink: exit %d\n%s%s", code, out, errOut)
	}
	describe := []string{"generate", "provider", "--bootstrap", "tiny:v1.0.0", "--config", filepath.Join(moved, "clusterctl.yaml"), "--describe"}
	for _, cc := range clusterctl.Pick(t, "v1.14.2") {
		if desc := cc.MustRun(t, nil, describe...); !strings.Contains(desc, "file://"+moved+"/bootstrap-tiny/") {
			t.Errorf("clusterctl %s --describe after relink does not read the moved folder:\n%s", cc.Version, desc)
		}
	}
}
