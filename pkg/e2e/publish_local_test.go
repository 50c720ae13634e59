package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/cli"
	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

func publishLocal(t *testing.T, from, root string, extra ...string) (int, string, string) {
	t.Helper()
	return capirepo(t, append([]string{"publish", "local", "--from", from, "--to", root}, extra...)...)
}

func TestPublishLocalWithClusterctl(t *testing.T) {
	root := filepath.Join(t.TempDir(), "repo")
	for _, v := range []string{"v0.1.0", "v0.1.1"} {
		if code, out, errOut := publishLocal(t, buildExample(t, v), root); code != 0 {
			t.Fatalf("publish %s: exit %d\n%s%s", v, code, out, errOut)
		}
	}
	// Publishing the same content again is a no-op that says so.
	code, out, _ := publishLocal(t, buildExample(t, "v0.1.1"), root)
	if code != 0 || !strings.Contains(out, "0 written, 0 replaced, 6 skipped") { // the 6 release files (clusterctl.yaml is not a report line)
		t.Fatalf("republish: exit %d\n%s", code, out)
	}
	if code, _, errOut := capirepo(t, "verify", root); code != 0 {
		t.Fatalf("verify: exit %d\n%s", code, errOut)
	}
	cfg := filepath.Join(root, "clusterctl.yaml")
	for _, cc := range clusterctl.Pick(t, "v1.6.8", "v1.13.6") {
		t.Run(cc.Version, func(t *testing.T) {
			t.Parallel()
			desc := cc.MustRun(t, nil, "generate", "provider", "--infrastructure", "sample", "--config", cfg, "--describe")
			if !strings.Contains(desc, "Version:            v0.1.1") {
				t.Errorf("latest did not resolve to v0.1.1:\n%s", desc)
			}
			for _, v := range []string{"v0.1.0", "v0.1.1"} {
				cc.MustRun(t, nil, "generate", "provider", "--infrastructure", "sample:"+v, "--config", cfg, "--describe")
				vars := cc.MustRun(t, nil, "generate", "cluster", "c1", "--infrastructure", "sample:"+v, "-n", "default", "--list-variables", "--config", cfg)
				if !strings.Contains(vars, "SAMPLE_REGION") {
					t.Errorf("%s: --list-variables:\n%s", v, vars)
				}
			}
		})
	}
}

func TestPublishLocalConflictAndForce(t *testing.T) {
	root := filepath.Join(t.TempDir(), "repo")
	dist := buildExample(t, "v0.1.0")
	if code, _, errOut := publishLocal(t, dist, root); code != 0 {
		t.Fatalf("publish: %s", errOut)
	}
	// Same version, different content.
	tpl := filepath.Join(dist, "infrastructure-sample", "v0.1.0", "cluster-template.yaml")
	if err := os.WriteFile(tpl, []byte("# changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := publishLocal(t, dist, root)
	if code != cli.ExitConflict || !strings.Contains(errOut, "different content") || !strings.Contains(errOut, "cluster-template.yaml") {
		t.Fatalf("conflict: exit %d\n%s", code, errOut)
	}
	published := filepath.Join(root, "infrastructure-sample", "v0.1.0", "cluster-template.yaml")
	if b, _ := os.ReadFile(published); strings.HasPrefix(string(b), "# changed") {
		t.Fatal("refused publish changed the repository")
	}
	if code, out, errOut := publishLocal(t, dist, root, "--force"); code != 0 || !strings.Contains(out, "replaced") {
		t.Fatalf("--force: exit %d\n%s%s", code, out, errOut)
	}
	if b, _ := os.ReadFile(published); string(b) != "# changed\n" {
		t.Fatalf("--force did not replace the file: %q", b)
	}
}
