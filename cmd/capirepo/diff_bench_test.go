//go:build linux

package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
)

// BenchmarkDiffProcess12MB times `capirepo diff A B` of two releases of a CAPZ-sized
// provider (bigtree.Release: a 12 MB components file of controller-gen CRDs, the next
// minor release changing the image, every CRD's controller-gen annotation, the schemas
// of every tenth CRD, a version and a CRD) against `capirepo lint` of A's files, both
// as users run them (see BenchmarkLintProcess20MB). It reports the medians of each run
// as diff/lint-wall and diff/lint-cpu (the upgrade doctor's target: ≤ 0.5).
func BenchmarkDiffProcess12MB(b *testing.B) { benchDiff(b, true, false) }

// BenchmarkDiffProcess12MBSameGenerator is BenchmarkDiffProcess12MB for a next release
// built with the same controller-gen: the CRDs it does not change are the same text.
func BenchmarkDiffProcess12MBSameGenerator(b *testing.B) { benchDiff(b, false, false) }

// BenchmarkDiffProcess12MBUpgrade is BenchmarkDiffProcess12MB for the upgrade checks:
// `capirepo diff --upgrade A B` (issue 30's target: ≤ 0.5 of the lint).
func BenchmarkDiffProcess12MBUpgrade(b *testing.B) { benchDiff(b, true, true) }

// BenchmarkDiffProcess12MBUpgradeSameGenerator is the upgrade checks of the same
// controller-gen's next release.
func BenchmarkDiffProcess12MBUpgradeSameGenerator(b *testing.B) { benchDiff(b, false, true) }

func benchDiff(b *testing.B, bumpGenerator, upgrade bool) {
	bin := b.TempDir()
	capirepo := buildRelease(b, bin, ".")
	measure := buildRelease(b, bin, "./internal/rusage")
	work := b.TempDir()
	lintArgs := writeReleases(b, work, bumpGenerator)
	var lint, diff []usage
	for i := 0; b.Loop(); i++ {
		runs := []func(){
			func() {
				lint = append(lint, runProcess(b, work, measure, capirepo, append([]string{"lint"}, lintArgs...)...))
			},
			func() { diff = append(diff, runDiff(b, work, measure, capirepo, upgrade)) },
		}
		runs[i%2]()
		runs[(i+1)%2]()
		l, d := lint[len(lint)-1], diff[len(diff)-1]
		b.Logf("run %d: diff wall %v cpu %v rss %d MB; lint wall %v cpu %v rss %d MB", i+1,
			d.wall.Round(time.Millisecond), d.cpu.Round(time.Millisecond), d.maxRSS>>20,
			l.wall.Round(time.Millisecond), l.cpu.Round(time.Millisecond), l.maxRSS>>20)
	}
	l, d := medians(lint), medians(diff)
	b.ReportMetric(d.wall.Seconds()/l.wall.Seconds(), "diff/lint-wall")
	b.ReportMetric(d.cpu.Seconds()/l.cpu.Seconds(), "diff/lint-cpu")
	b.ReportMetric(float64(d.maxRSS)/float64(l.maxRSS), "diff/lint-rss")
	b.ReportMetric(d.wall.Seconds(), "diff-wall-s")
	b.ReportMetric(l.wall.Seconds(), "lint-wall-s")
}

// writeReleases writes releases 0 and 1 into work/a and work/b and returns a's files.
func writeReleases(b *testing.B, work string, bumpGenerator bool) []string {
	var files []string
	for i, side := range []string{"a", "b"} {
		dir := filepath.Join(work, side)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for name, data := range bigtree.ReleaseWith(12<<20, i, bumpGenerator) {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				b.Fatal(err)
			}
			if side == "a" {
				files = append(files, filepath.Join(dir, name))
			}
		}
	}
	return files
}

// runDiff runs capirepo diff a b (or diff --upgrade a b), which exits 1 (the releases
// differ), through rusage -ok 1.
func runDiff(b *testing.B, work, measure, capirepo string, upgrade bool) usage {
	if upgrade {
		return runProcess(b, work, measure, "-ok", "1", capirepo, "diff", "--upgrade", "a", "b")
	}
	return runProcess(b, work, measure, "-ok", "1", capirepo, "diff", "a", "b")
}
