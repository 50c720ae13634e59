package tool

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// Kustomize is the kustomize CLI the benchmarks time capirepo against: bin/kustomize
// (make kustomize), or the file CAPIREPO_KUSTOMIZE names. Without it the benchmark is
// skipped.
func Kustomize(tb testing.TB) string {
	tb.Helper()
	p := os.Getenv("CAPIREPO_KUSTOMIZE")
	if p == "" {
		p = filepath.Join(tree.RepoRoot(tb), "bin", "kustomize")
	}
	if fi, err := os.Stat(p); err != nil || fi.IsDir() {
		tb.Skipf("no kustomize binary at %s: run make kustomize (or set CAPIREPO_KUSTOMIZE)", p)
	}
	return p
}
