package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

// TestClusterctlBinariesStamped: every clusterctl hack/install-clusterctl.sh built
// reports its own version, and with clusterctl's version check on (as a reader runs
// README's quick start) generate cluster passes. Unstamped, clusterctl v1.6.8 fails
// it: "unable to verify clusterctl version: unable to semver parse clusterctl
// GitVersion". The check reads a fresh state file, so nothing asks GitHub.
func TestClusterctlBinariesStamped(t *testing.T) {
	dist := buildExample(t, "v0.1.0")
	cfg := filepath.Join(dist, "clusterctl.yaml")
	for _, cc := range clusterctl.Pick(t, "v1.6.8", "v1.13.6", "v1.14.2") {
		t.Run(cc.Version, func(t *testing.T) {
			t.Parallel()
			if got := strings.TrimSpace(cc.MustRun(t, nil, "version", "-o", "short")); got != cc.Version {
				t.Fatalf("clusterctl version -o short: %q, want %s (rebuild bin/: the binary is not version-stamped)", got, cc.Version)
			}
			env := []string{"CLUSTERCTL_DISABLE_VERSIONCHECK=false", "XDG_CONFIG_HOME=" + checkedState(t, cc.Version)}
			vars := cc.MustRun(t, env, "generate", "cluster", "c1", "--infrastructure", "sample:v0.1.0", "-n", "default",
				"--flavor", "topology", "--config", cfg, "--list-variables")
			if !strings.Contains(vars, "SAMPLE_REGION") {
				t.Errorf("--list-variables lacks SAMPLE_REGION:\n%s", vars)
			}
		})
	}
}

// checkedState is an XDG_CONFIG_HOME whose clusterctl version state says the latest
// release, checked a minute ago, is version.
func checkedState(t *testing.T, version string) string {
	t.Helper()
	home := t.TempDir()
	state := "LastCheck: " + time.Now().Add(-time.Minute).UTC().Format(time.RFC3339) +
		"\nLatestRelease:\n  Version: " + version + "\n  URL: https://github.com/kubernetes-sigs/cluster-api/releases/tag/" + version + "\n"
	if err := os.MkdirAll(filepath.Join(home, "cluster-api"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "cluster-api", "version.yaml"), []byte(state), 0o644); err != nil {
		t.Fatal(err)
	}
	return home
}
