package local

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// bigSet is one release with n files of size bytes each (plus the two required).
func bigSet(n, size int) *release.Set {
	var extra []string
	for i := range n {
		extra = append(extra, fmt.Sprintf("cluster-template-f%d.yaml", i), strings.Repeat("x", size))
	}
	return set(foo("v1.0.0", extra...))
}

func BenchmarkPublishNew(b *testing.B) {
	s := bigSet(20, 100<<10)
	for b.Loop() {
		if _, err := publish.Publish(b.Context(), s, New(b.TempDir(), Options{}), publish.Policy{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPublishSame(b *testing.B) {
	s := bigSet(20, 100<<10)
	root := b.TempDir()
	if _, err := publish.Publish(b.Context(), s, New(root, Options{}), publish.Policy{}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := publish.Publish(b.Context(), s, New(root, Options{}), publish.Policy{}); err != nil {
			b.Fatal(err)
		}
	}
}
