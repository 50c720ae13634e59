package cli

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
)

// TestInterruptDuringRender: an interrupt while kustomize renders a 3 MB provider
// ends the build with exit 130 and writes nothing (the render is abandoned, not
// waited for).
func TestInterruptDuringRender(t *testing.T) {
	t.Parallel()
	file := bigtree.Write(t, bigtree.Tree{CRDs: 45})
	out := filepath.Join(t.TempDir(), "dist")
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(50*time.Millisecond, cancel)
	defer timer.Stop()
	code := Run(ctx, []string{"build", "--config", file, "--version", "v1.0.0", "--published=", "--out", out}, Env{})
	if code != ExitInterrupted {
		t.Fatalf("exit %d, want %d", code, ExitInterrupted)
	}
	if m, _ := filepath.Glob(filepath.Join(out, "*")); len(m) > 0 {
		t.Fatalf("interrupted build wrote %v", m)
	}
}
