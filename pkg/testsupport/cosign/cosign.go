// Package cosign runs the real cosign CLI (built by `make install-tools` into bin/)
// offline and isolated: a temporary HOME, no TUF cache, no registry credentials.
package cosign

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

// Version is the cosign version the Makefile builds.
const Version = "v3.1.3"

// Timeout bounds one cosign run, so a hang fails its test.
const Timeout = 5 * time.Minute

// Binary is the installed cosign.
type Binary struct{ Path string }

// Find returns cosign. Without it the test is skipped, unless
// CAPIREPO_REQUIRE_CLUSTERCTL is set (make test sets it), where it fails.
func Find(t testing.TB) Binary {
	t.Helper()
	dir := os.Getenv("CAPIREPO_CLUSTERCTL_DIR")
	if dir == "" {
		dir = filepath.Join(tree.RepoRoot(t), "bin")
	}
	p := filepath.Join(dir, "cosign-"+Version)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CAPIREPO_REQUIRE_CLUSTERCTL") != "" {
			t.Fatalf("no cosign at %s: run make install-tools", p)
		}
		t.Skipf("no cosign at %s: run make install-tools", p)
	}
	return Binary{Path: p}
}

// Run runs cosign with args in an isolated environment.
func (b Binary) Run(t testing.TB, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	w := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, b.Path, args...)
	cmd.WaitDelay = 10 * time.Second
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + filepath.Join(w, "home"),
		"TUF_ROOT=" + filepath.Join(w, "tuf"),
		"DOCKER_CONFIG=" + filepath.Join(w, "docker"),
	}
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

// MustRun is Run that fails the test on error, showing cosign's output.
func (b Binary) MustRun(t testing.TB, args ...string) string {
	t.Helper()
	out, errOut, err := b.Run(t, args...)
	if err != nil {
		t.Fatalf("cosign %s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, out, errOut)
	}
	return out
}
