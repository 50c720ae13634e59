// Package operator runs the real cluster-api-operator kubectl plugin (built by
// `make install-tools` into bin/) offline and isolated: a temporary HOME, a KUBECONFIG
// that does not exist and no OCI credentials.
package operator

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// Version is the plugin version the Makefile builds.
const Version = "v0.29.0"

// Timeout bounds one plugin run: a plugin that hangs fails its test instead of
// holding the whole test binary until go test's own timeout.
const Timeout = 5 * time.Minute

// Plugin is the installed plugin binary.
type Plugin struct{ Path string }

// Find returns the plugin. Without it the test is skipped, unless
// CAPIREPO_REQUIRE_CLUSTERCTL is set (make test sets it), where it fails.
func Find(t testing.TB) Plugin {
	t.Helper()
	dir := os.Getenv("CAPIREPO_CLUSTERCTL_DIR")
	if dir == "" {
		dir = filepath.Join(tree.RepoRoot(t), "bin")
	}
	p := filepath.Join(dir, "capi-operator-plugin-"+Version)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CAPIREPO_REQUIRE_CLUSTERCTL") != "" {
			t.Fatalf("no operator plugin at %s: run make install-tools", p)
		}
		t.Skipf("no operator plugin at %s: run make install-tools", p)
	}
	return Plugin{Path: p}
}

// Run runs the plugin with args in an isolated environment.
func (p Plugin) Run(t testing.TB, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	w := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, p.Path, args...)
	cmd.WaitDelay = 10 * time.Second
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + filepath.Join(w, "home"),
		"XDG_CONFIG_HOME=" + filepath.Join(w, "xdg"),
		"KUBECONFIG=" + filepath.Join(w, "no-such-kubeconfig"),
	}
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

// MustRun is Run that fails the test on error, showing the plugin's output.
func (p Plugin) MustRun(t testing.TB, args ...string) string {
	t.Helper()
	out, errOut, err := p.Run(t, args...)
	if err != nil {
		t.Fatalf("plugin %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, out, errOut)
	}
	return out
}
