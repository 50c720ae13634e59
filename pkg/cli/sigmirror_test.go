package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mirrorSigned mirrors bootstrap-tiny v1.0.0 from the signed build holding dir.
func mirrorSigned(t *testing.T, dir, pub string) (string, int, string) {
	t.Helper()
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: tiny, type: BootstrapProvider, url: \"file://"+filepath.Dir(filepath.Dir(dir))+"/bootstrap-tiny/v1.0.0/bootstrap-components.yaml\"}\n")
	out := filepath.Join(t.TempDir(), "mirror")
	code, stdout, stderr := runMirror(t, nil, "--out", out, "--from-config", from, "--cert-manager", "", "--verify-key", pub)
	return out, code, stdout + stderr
}

func TestMirrorVerifyKey(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	out, code, log := mirrorSigned(t, dir, pub)
	if code != 0 {
		t.Fatalf("mirror of a signed release: exit %d\n%s", code, log)
	}
	bundle := filepath.Join(out, "bootstrap-tiny", "v1.0.0", "bootstrap-tiny-v1.0.0.sigstore.json")
	if _, err := os.Stat(bundle); err != nil {
		t.Fatalf("the mirror does not keep the bundle: %v", err)
	}
	if code, o, e := run(t, "verify", out, "--key", pub); code != 0 {
		t.Fatalf("the mirror does not verify: exit %d\n%s\n%s", code, o, e)
	}
}

func TestMirrorVerifyKeyRefusesTamperedUpstream(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	appendTo(t, filepath.Join(dir, "bootstrap-components.yaml"), "---\nkind: ConfigMap\n")
	out, code, log := mirrorSigned(t, dir, pub)
	if code != ExitFindings || !strings.Contains(log, "bootstrap-components.yaml: changed after signing") || !strings.Contains(log, "refusing bootstrap-tiny v1.0.0") {
		t.Fatalf("mirror of a tampered release: exit %d, want 1 naming the file\n%s", code, log)
	}
	if _, err := os.Stat(filepath.Join(out, "bootstrap-tiny", "v1.0.0")); !os.IsNotExist(err) {
		t.Errorf("the refused version was written: %v", err)
	}
}

// TestMirrorRefusesAnUnmatchedBundleWithoutAKey: an upstream version whose own bundle
// no longer matches its files is refused without --verify-key too (the bundle is
// compared with the files, which needs no key), and nothing of it is written.
func TestMirrorRefusesAnUnmatchedBundleWithoutAKey(t *testing.T) {
	t.Parallel()
	dir, _ := signedBuild(t)
	appendTo(t, filepath.Join(dir, "bootstrap-components.yaml"), "---\nkind: ConfigMap\n")
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: tiny, type: BootstrapProvider, url: \"file://"+filepath.Dir(filepath.Dir(dir))+"/bootstrap-tiny/v1.0.0/bootstrap-components.yaml\"}\n")
	out := filepath.Join(t.TempDir(), "mirror")
	code, stdout, stderr := runMirror(t, nil, "--out", out, "--from-config", from, "--cert-manager", "")
	if code != ExitFindings || !strings.Contains(stdout+stderr, "bootstrap-components.yaml: changed after signing") {
		t.Fatalf("exit %d, want 1 naming the file\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "bootstrap-tiny", "v1.0.0")); !os.IsNotExist(err) {
		t.Errorf("the refused version was written: %v", err)
	}
}
