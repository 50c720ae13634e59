package metadata

import (
	"fmt"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

// bigMetadata is a file with n series across n/10 majors, a few times larger than any real provider's.
func bigMetadata(n int) []byte {
	m := &Metadata{}
	for i := range n {
		m.ReleaseSeries = append(m.ReleaseSeries, Series{Major: int32(i / 10), Minor: int32(i % 10), Contract: "v1beta1"})
	}
	return Marshal(m)
}

func BenchmarkLint(b *testing.B) {
	for _, n := range []int{10, 500} {
		data := bigMetadata(n)
		b.Run(fmt.Sprintf("series=%d", n), func(b *testing.B) {
			for b.Loop() {
				if found := Lint("metadata.yaml", data); len(found) != 0 {
					b.Fatal(found)
				}
			}
		})
	}
}

func BenchmarkAddSeries(b *testing.B) {
	for _, n := range []int{10, 500} {
		data, version := bigMetadata(n), layout.MustParseVersion("v999.0.0")
		b.Run(fmt.Sprintf("series=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, changed, err := AddSeries(data, version, "v1beta2"); err != nil || !changed {
					b.Fatal(changed, err)
				}
			}
		})
	}
}
