//go:build linux || darwin

package local

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// killWriter sends SIGKILL to its own process once n files were written.
type killWriter struct{ n, count int }

func (w *killWriter) WriteFile(path string, data []byte) error {
	if w.count++; w.count > w.n {
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
		select {} // the signal is on its way
	}
	return osWriter{}.WriteFile(path, data)
}

// TestKill9DuringPublish re-runs this test binary as a publisher that kills itself
// with SIGKILL after two files, then checks the tree and publishes again.
func TestKill9DuringPublish(t *testing.T) {
	if root := os.Getenv("CAPIREPO_KILL_ROOT"); root != "" {
		New(root, Options{Writer: &killWriter{n: 2}}).Publish(t.Context(), set(foo("v1.1.0")))
		t.Fatal("the publisher was not killed")
	}
	t.Parallel()
	root := t.TempDir()
	mustPublish(t, New(root, Options{}), set(foo("v1.0.0")))
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestKill9DuringPublish$")
	cmd.Env = append(os.Environ(), "CAPIREPO_KILL_ROOT="+root)
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child publisher ended with %v, want killed by SIGKILL", err)
	}
	label := filepath.Join(root, "infrastructure-foo")
	if _, err := os.Stat(filepath.Join(label, "v1.1.0")); !os.IsNotExist(err) {
		t.Fatalf("v1.1.0 exists after kill -9 mid-staging: %v", err)
	}
	if len(leftovers(t, label)) != 1 {
		t.Errorf("want the killed publisher's staging folder left behind, got %v", leftovers(t, label))
	}
	mustPublish(t, New(root, Options{}), set(foo("v1.1.0")))
	if left := leftovers(t, label); len(left) != 0 {
		t.Errorf("rerun left %v behind", left)
	}
}
