//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
)

// usage is what one process cost: wall time, user+system CPU time, peak memory.
type usage struct {
	wall, cpu time.Duration
	maxRSS    int64 // bytes
}

// BenchmarkLintProcess20MB times `capirepo lint FILE` of a 20 MB components file as
// users run it: a whole process, built like a release (see buildRelease), against a
// process that decodes the same bytes once with yaml.v3 on one goroutine
// (internal/yamldecode). The file is a CAPA-sized provider's CRDs (bigtree.Provider:
// deep schemas, kubebuilder descriptions, two versions of most kinds) repeated to
// 20 MB, once as kustomize writes it and once as PyYAML's safe_dump does (quoted and
// folded strings, \u escapes). Each iteration runs one of each process, taking turns
// at going first; the metrics are medians over the iterations (make bench runs 5):
// lint/decode-wall (target ≤ 0.75), lint/decode-cpu (user+sys) and lint/decode-rss
// (max RSS, target ≤ 3). Every run is logged, for the spread.
func BenchmarkLintProcess20MB(b *testing.B) {
	bin := b.TempDir()
	capirepo := buildRelease(b, bin, ".")
	decode := buildRelease(b, bin, "./internal/yamldecode")
	measure := buildRelease(b, bin, "./internal/rusage")
	for _, style := range []struct {
		name  string
		style bigtree.Style
	}{{"kustomize", bigtree.Kustomize}, {"pyyaml", bigtree.PyYAML}} {
		b.Run(style.name, func(b *testing.B) {
			work := b.TempDir() // no capirepo.yaml here: lint FILE reads only FILE
			file := filepath.Join(work, "infrastructure-components.yaml")
			if err := os.WriteFile(file, bigtree.Provider(20<<20, style.style), 0o644); err != nil {
				b.Fatal(err)
			}
			lintAgainstDecode(b, work, file, measure, capirepo, decode)
		})
	}
}

// lintAgainstDecode runs lint and decode processes on file by turns and reports.
func lintAgainstDecode(b *testing.B, work, file, measure, capirepo, decode string) {
	var lint, dec []usage
	for i := 0; b.Loop(); i++ {
		runs := []func(){
			func() { lint = append(lint, runProcess(b, work, measure, capirepo, "lint", file)) },
			func() { dec = append(dec, runProcess(b, work, measure, decode, file)) },
		}
		runs[i%2]()
		runs[(i+1)%2]()
		l, d := lint[len(lint)-1], dec[len(dec)-1]
		b.Logf("run %d: lint wall %v cpu %v rss %d MB; decode wall %v cpu %v rss %d MB", i+1,
			l.wall.Round(time.Millisecond), l.cpu.Round(time.Millisecond), l.maxRSS>>20,
			d.wall.Round(time.Millisecond), d.cpu.Round(time.Millisecond), d.maxRSS>>20)
	}
	reportUsage(b, lint, dec)
}

// reportUsage reports the medians of both processes and their ratios.
func reportUsage(b *testing.B, lint, dec []usage) {
	l, d := medians(lint), medians(dec)
	b.ReportMetric(l.wall.Seconds()/d.wall.Seconds(), "lint/decode-wall")
	b.ReportMetric(l.cpu.Seconds()/d.cpu.Seconds(), "lint/decode-cpu")
	b.ReportMetric(float64(l.maxRSS)/float64(d.maxRSS), "lint/decode-rss")
	b.ReportMetric(l.wall.Seconds(), "lint-wall-s")
	b.ReportMetric(d.wall.Seconds(), "decode-wall-s")
	b.ReportMetric(l.cpu.Seconds(), "lint-cpu-s")
	b.ReportMetric(d.cpu.Seconds(), "decode-cpu-s")
	b.ReportMetric(float64(l.maxRSS)/(1<<20), "lint-rss-MB")
	b.ReportMetric(float64(d.maxRSS)/(1<<20), "decode-rss-MB")
}

// medians takes the median of each measure on its own.
func medians(us []usage) usage {
	pick := func(f func(usage) int64) int64 {
		v := make([]int64, len(us))
		for i, u := range us {
			v[i] = f(u)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	return usage{
		wall:   time.Duration(pick(func(u usage) int64 { return int64(u.wall) })),
		cpu:    time.Duration(pick(func(u usage) int64 { return int64(u.cpu) })),
		maxRSS: pick(func(u usage) int64 { return u.maxRSS }),
	}
}

// buildRelease builds the main package pkg into dir the way goreleaser.yaml builds
// capirepo's releases (CGO_ENABLED=0, -trimpath, -s -w) and returns the binary.
func buildRelease(b *testing.B, dir, pkg string) string {
	goBin, err := exec.LookPath("go")
	if err != nil {
		b.Skip("no go command on PATH to build the binaries")
	}
	out := filepath.Join(dir, filepath.Base(filepath.Clean(pkg)))
	if pkg == "." {
		out = filepath.Join(dir, "capirepo")
	}
	cmd := exec.Command(goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %s: %v\n%s", pkg, err, msg)
	}
	return out
}

// runProcess runs bin with args in dir, with an empty environment, through the
// measure binary (internal/rusage), and returns what the run cost.
func runProcess(b *testing.B, dir, measure, bin string, args ...string) usage {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(measure, append([]string{bin}, args...)...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = dir, []string{"HOME=" + dir}, &stdout, &stderr
	if err := cmd.Run(); err != nil {
		b.Fatalf("%s %v: %v\n%s", filepath.Base(bin), args, err, stderr.Bytes())
	}
	var wall, cpu, rssKB int64
	if _, err := fmt.Sscan(stdout.String(), &wall, &cpu, &rssKB); err != nil {
		b.Fatalf("reading rusage's output %q: %v", stdout.String(), err)
	}
	return usage{wall: time.Duration(wall), cpu: time.Duration(cpu), maxRSS: rssKB << 10}
}
