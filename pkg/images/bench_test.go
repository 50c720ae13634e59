package images

import (
	"context"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// BenchmarkCopyThroughput copies 200 MB of layers (20 × 10 MB) between two loopback
// registries, into a fresh destination each time (nothing to skip).
func BenchmarkCopyThroughput(b *testing.B) {
	src := registry.New(b)
	size := src.PushRawImage(b, "bench/big:v1", 20, 10<<20, 1)
	image := []string{src.Host + "/bench/big:v1"}
	c := &Copier{Remote: plain, Concurrency: 4}
	b.SetBytes(size)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dst := registry.New(b)
		b.StartTimer()
		if _, err := c.ToRegistry(context.Background(), image, target(b, dst.Host+"/m")); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		dst.Close()
		b.StartTimer()
	}
}

// BenchmarkParallelBlobs copies 32 small layers to a registry 20 ms away (every request
// waits 20 ms on both registries) with 1 and with 8 parallel blob transfers, and
// reports the time of each and their ratio (goal: 8 ≤ 0.3 × 1).
func BenchmarkParallelBlobs(b *testing.B) {
	src := registry.New(b, registry.WithLatency(20*time.Millisecond))
	src.PushRawImage(b, "bench/many:v1", 32, 64<<10, 2)
	image := []string{src.Host + "/bench/many:v1"}
	var one, eight time.Duration
	for i := 0; i < b.N; i++ {
		one += copyOnce(b, image, 1)
		eight += copyOnce(b, image, 8)
	}
	b.ReportMetric(float64(one.Milliseconds())/float64(b.N), "ms-1-transfer")
	b.ReportMetric(float64(eight.Milliseconds())/float64(b.N), "ms-8-transfers")
	b.ReportMetric(float64(eight)/float64(one), "ratio-8/1")
}

func copyOnce(b *testing.B, image []string, jobs int) time.Duration {
	dst := registry.New(b, registry.WithLatency(20*time.Millisecond))
	c := &Copier{Remote: plain, Concurrency: jobs}
	start := time.Now()
	if _, err := c.ToRegistry(context.Background(), image, target(b, dst.Host+"/m")); err != nil {
		b.Fatal(err)
	}
	d := time.Since(start)
	dst.Close()
	return d
}
