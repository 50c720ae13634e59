// Package clusterctl runs the real clusterctl binaries (installed by `make install-tools`
// into bin/) offline and isolated: temporary HOME and XDG_CONFIG_HOME, a KUBECONFIG that
// does not exist, GOPROXY=off and no version check.
package clusterctl

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// Binary is one installed clusterctl.
type Binary struct {
	Path    string
	Version string // "v1.6.8"
}

// Find returns the installed binaries, oldest first. Without any it skips the test,
// unless CAPIREPO_REQUIRE_CLUSTERCTL is set (make test sets it), where it fails.
func Find(t testing.TB) []Binary {
	t.Helper()
	dir := os.Getenv("CAPIREPO_CLUSTERCTL_DIR")
	if dir == "" {
		dir = filepath.Join(tree.RepoRoot(t), "bin")
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "clusterctl-v*"))
	sort.Strings(paths)
	var out []Binary
	for _, p := range paths {
		out = append(out, Binary{Path: p, Version: strings.TrimPrefix(filepath.Base(p), "clusterctl-")})
	}
	if len(out) == 0 {
		if os.Getenv("CAPIREPO_REQUIRE_CLUSTERCTL") != "" {
			t.Fatalf("no clusterctl binaries in %s: run make install-tools", dir)
		}
		t.Skipf("no clusterctl binaries in %s: run make install-tools", dir)
	}
	return out
}

// Pick returns the binaries whose version is in versions (all when empty).
func Pick(t testing.TB, versions ...string) []Binary {
	all := Find(t)
	if len(versions) == 0 {
		return all
	}
	var out []Binary
	for _, b := range all {
		for _, v := range versions {
			if b.Version == v {
				out = append(out, b)
			}
		}
	}
	if len(out) < len(versions) && os.Getenv("CAPIREPO_REQUIRE_CLUSTERCTL") != "" {
		t.Fatalf("clusterctl %v not all installed (have %v): run make install-tools", versions, all)
	}
	return out
}

// Run runs clusterctl with args in an isolated environment plus env ("K=V").
func (b Binary) Run(t testing.TB, env []string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	w := t.TempDir()
	cmd := exec.Command(b.Path, args...)
	cmd.Env = append([]string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + filepath.Join(w, "home"),
		"XDG_CONFIG_HOME=" + filepath.Join(w, "xdg"),
		"KUBECONFIG=" + filepath.Join(w, "no-such-kubeconfig"),
		"GOPROXY=off",
		"CLUSTERCTL_DISABLE_VERSIONCHECK=true",
	}, env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

// MustRun is Run that fails the test on error, showing clusterctl's output.
func (b Binary) MustRun(t testing.TB, env []string, args ...string) string {
	t.Helper()
	out, errOut, err := b.Run(t, env, args...)
	if err != nil {
		t.Fatalf("clusterctl %s %s: %v\nstdout:\n%s\nstderr:\n%s", b.Version, strings.Join(args, " "), err, out, errOut)
	}
	return out
}
