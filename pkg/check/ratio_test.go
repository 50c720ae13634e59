package check

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	yaml "go.yaml.in/yaml/v3"
)

// decodeAll is the anchor: a bare, single-threaded yaml.v3 decode of every document.
func decodeAll(b testing.TB, data []byte) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var v any
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			return
		} else if err != nil {
			b.Fatal(err)
		}
	}
}

// peakHeap runs f and returns its duration and the highest heap (live and not yet
// collected objects) seen while it ran, sampled every half millisecond.
func peakHeap(f func()) (time.Duration, uint64) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(500 * time.Microsecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64())
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	start := time.Now()
	f()
	d := time.Since(start)
	close(stop)
	wg.Wait()
	return d, peak
}

// BenchmarkLintVsDecode20MB lints a 20 MB components file (every rule, as `capirepo
// lint` does) and decodes the same bytes with yaml.v3 alone, one after the other in
// each iteration: lint/decode is the time ratio (target ≤ 0.75 on 2 cores),
// peak-lint/decode the ratio of peak heaps (target ≤ 3).
func BenchmarkLintVsDecode20MB(b *testing.B) {
	data := components20MB()
	r := &release.Release{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "big"}, Version: layout.NamedVersion("v1.0.0"),
		ComponentsFile: "infrastructure-components.yaml", Files: []release.File{{Name: "infrastructure-components.yaml", Data: data}}}
	var td, tl time.Duration
	var pd, pl uint64
	for b.Loop() {
		d, p := peakHeap(func() { decodeAll(b, data) })
		td, pd = td+d, max(pd, p)
		d, p = peakHeap(func() { Release(r, Options{Partial: true}) })
		tl, pl = tl+d, max(pl, p)
	}
	b.ReportMetric(float64(tl)/float64(td), "lint/decode")
	b.ReportMetric(float64(pl)/float64(pd), "peak-lint/decode")
	b.ReportMetric(float64(pl)/(1<<20), "peak-lint-MB")
	b.ReportMetric(float64(pd)/(1<<20), "peak-decode-MB")
}

// BenchmarkLint100MB lints a 100 MB components file and reports the peak heap
// (target under 1 GB).
func BenchmarkLint100MB(b *testing.B) {
	data := componentsOf(100 << 20)
	r := &release.Release{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "big"}, Version: layout.NamedVersion("v1.0.0"),
		ComponentsFile: "infrastructure-components.yaml", Files: []release.File{{Name: "infrastructure-components.yaml", Data: data}}}
	b.SetBytes(int64(len(data)))
	var peak uint64
	for b.Loop() {
		_, p := peakHeap(func() { Release(r, Options{Partial: true}) })
		peak = max(peak, p)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// BenchmarkIdentityVsDecode20MB: naming the provider of a 20 MB components file (the
// scan Discover runs before any YAML is parsed) against a yaml.v3 decode of it;
// identity/decode is the time ratio.
func BenchmarkIdentityVsDecode20MB(b *testing.B) {
	f := release.File{Name: "infrastructure-components.yaml", Data: components20MB()}
	var td, ti time.Duration
	for b.Loop() {
		start := time.Now()
		decodeAll(b, f.Data)
		td += time.Since(start)
		start = time.Now()
		gather(f, "").identity()
		ti += time.Since(start)
	}
	b.ReportMetric(float64(ti)/float64(td), "identity/decode")
}
