package render

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// largeDocs is about size bytes of CRD-like documents of about 100 KB each.
func largeDocs(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: thing%03ds.x.example.com\nspec:\n  versions:\n  - name: v1\n    schema:\n      openAPIV3Schema:\n        properties:\n", i)
		for j := range 300 {
			fmt.Fprintf(&b, "          field%03d:\n            description: Field %d configures one aspect.\n            type: object\n            properties:\n              name: {type: string}\n              size: {type: integer}\n", j, j)
		}
	}
	return b.String()
}

// smallDocsOf is smallDocs grown to about size bytes.
func smallDocsOf(size int) string { return smallDocs(size / 190) }

// BenchmarkDocumentSizes renders 4 MB made of small documents against 4 MB made of
// large ones. kustomize=…: a kustomize folder (many small documents are refused by
// the screen: refused-s is that time); file=…: a prebuilt file (rendered in parts).
// small/large is the ratio of the two times (target ≤ 2).
func BenchmarkDocumentSizes(b *testing.B) {
	const size = 4 << 20
	small := tree.Write(b, map[string]string{"kustomization.yaml": "resources: [all.yaml]\n", "all.yaml": smallDocsOf(size)})
	large := tree.Write(b, map[string]string{"kustomization.yaml": "resources: [all.yaml]\n", "all.yaml": largeDocs(size)})
	b.Run("kustomize", func(b *testing.B) {
		var tl, ts time.Duration
		for b.Loop() {
			tl += timed(b, func() error { _, err := Kustomize(Options{Dir: large}); return err })
			ts += timed(b, func() error {
				if _, err := Kustomize(Options{Dir: small}); err == nil {
					return fmt.Errorf("small documents not refused")
				}
				return nil
			})
		}
		b.ReportMetric(ts.Seconds()/float64(b.N), "refused-s")
		b.ReportMetric(float64(ts)/float64(tl), "small/large")
	})
	b.Run("file", func(b *testing.B) {
		var tl, ts time.Duration
		for b.Loop() {
			tl += timed(b, func() error { _, err := File(filepath.Join(large, "all.yaml"), Options{}); return err })
			ts += timed(b, func() error { _, err := File(filepath.Join(small, "all.yaml"), Options{}); return err })
		}
		b.ReportMetric(float64(ts)/float64(tl), "small/large")
	})
}

func timed(b *testing.B, f func() error) time.Duration {
	start := time.Now()
	if err := f(); err != nil {
		b.Fatal(err)
	}
	return time.Since(start)
}
