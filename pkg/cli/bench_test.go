package cli

import (
	"context"
	"io"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
	"github.com/capirepo/capirepo/pkg/testsupport/tool"
)

// BenchmarkBuildVsKustomizeCLI: `capirepo build` (in process, output written) of a
// 45-CRD, 3 MB provider against `kustomize build` v5.8.2 of its components folder,
// one after the other in each iteration (target ≤ 1.00). Skipped without bin/kustomize
// (make kustomize).
func BenchmarkBuildVsKustomizeCLI(b *testing.B) {
	bin := tool.Kustomize(b)
	tree := bigtree.Tree{CRDs: 45}
	file := bigtree.Write(b, tree)
	out := filepath.Join(b.TempDir(), "dist")
	args := []string{"build", "--config", file, "--version", "v1.0.0", "--published=", "--out", out}
	var tc, tk time.Duration
	for b.Loop() {
		start := time.Now()
		cmd := exec.Command(bin, "build", bigtree.Folders(file, tree)[0])
		cmd.Stdout = io.Discard
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		tk += time.Since(start)
		start = time.Now()
		if code := Run(context.Background(), args, Env{}); code != ExitOK {
			b.Fatalf("capirepo build: exit %d", code)
		}
		tc += time.Since(start)
	}
	b.ReportMetric(float64(tc)/float64(tk), "capirepo/kustomize-cli")
}
