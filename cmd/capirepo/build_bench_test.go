//go:build linux

package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
	"github.com/capirepo/capirepo/pkg/testsupport/tool"
)

// BenchmarkBuildProcess times `capirepo build` as users run it (a whole process,
// built like a release, writing its output folder) against `kustomize build` of the
// same components folder with the kustomize CLI (tool.Kustomize), taking turns at going first; the metrics are medians over the
// iterations (make bench runs 5): build/kustomize-cli-wall (target ≤ 1.0),
// build/kustomize-cli-cpu (user+sys) and build/kustomize-cli-rss. Every run is
// logged, for the spread. capa is a generated tree with CAPA's shape
// (bigtree.CAPA: bases, patchesStrategicMerge, vars, commonLabels, ~1.2 MB of
// components, 44 findings, each traced to its source); tree is the folder
// CAPIREPO_BENCH_TREE names, holding a capirepo.yaml whose first provider's
// components.kustomize is the folder kustomize builds (skipped when unset).
func BenchmarkBuildProcess(b *testing.B) {
	kustomize := tool.Kustomize(b)
	bin := b.TempDir()
	capirepo := buildRelease(b, bin, ".")
	measure := buildRelease(b, bin, "./internal/rusage")
	b.Run("capa", func(b *testing.B) {
		cfg, dir := bigtree.CAPA(b)
		buildAgainstKustomize(b, cfg, dir, measure, capirepo, kustomize)
	})
	b.Run("tree", func(b *testing.B) {
		cfg, dir := benchTree(b)
		buildAgainstKustomize(b, cfg, dir, measure, capirepo, kustomize)
	})
}

// benchTree is the capirepo.yaml of CAPIREPO_BENCH_TREE and its first provider's
// components folder.
func benchTree(b *testing.B) (string, string) {
	root := os.Getenv("CAPIREPO_BENCH_TREE")
	if root == "" {
		b.Skip("CAPIREPO_BENCH_TREE names no provider tree")
	}
	file := filepath.Join(root, "capirepo.yaml")
	cfg, err := config.Load(file)
	if err != nil {
		b.Fatal(err)
	}
	if len(cfg.Providers) == 0 || cfg.Providers[0].Components.Kustomize == "" {
		b.Skipf("%s: the first provider's components are no kustomize folder", file)
	}
	return file, cfg.Abs(cfg.Providers[0].Components.Kustomize)
}

// buildAgainstKustomize runs build and kustomize processes by turns and reports.
func buildAgainstKustomize(b *testing.B, cfg, dir, measure, capirepo, kustomize string) {
	work, out := filepath.Dir(cfg), filepath.Join(b.TempDir(), "dist")
	var build, kust []usage
	for i := 0; b.Loop(); i++ {
		runs := []func(){
			func() {
				build = append(build, runProcess(b, work, measure, capirepo, "build", "--config", cfg,
					"--version", "v1.0.0", "--published=", "--out", out))
			},
			func() { kust = append(kust, runProcess(b, work, measure, kustomize, "build", dir)) },
		}
		runs[i%2]()
		runs[(i+1)%2]()
		c, k := build[len(build)-1], kust[len(kust)-1]
		b.Logf("run %d: build wall %v cpu %v rss %d MB; kustomize wall %v cpu %v rss %d MB", i+1,
			c.wall.Round(time.Millisecond), c.cpu.Round(time.Millisecond), c.maxRSS>>20,
			k.wall.Round(time.Millisecond), k.cpu.Round(time.Millisecond), k.maxRSS>>20)
	}
	c, k := medians(build), medians(kust)
	b.ReportMetric(c.wall.Seconds()/k.wall.Seconds(), "build/kustomize-cli-wall")
	b.ReportMetric(c.cpu.Seconds()/k.cpu.Seconds(), "build/kustomize-cli-cpu")
	b.ReportMetric(float64(c.maxRSS)/float64(k.maxRSS), "build/kustomize-cli-rss")
	b.ReportMetric(c.wall.Seconds(), "build-wall-s")
	b.ReportMetric(k.wall.Seconds(), "kustomize-wall-s")
}
