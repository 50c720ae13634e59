package pipeline

import (
	"context"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// largeProvider writes a provider with n CRDs of about 70 KB each (n=45: ~3 MB) and
// returns its loaded config.
func largeProvider(b *testing.B, n int) *config.Config {
	b.Helper()
	c, err := config.Load(bigtree.Write(b, bigtree.Tree{CRDs: n}))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkBuildLarge is the whole build (render, transforms, every check) of a
// 45-CRD, ~3 MB provider. Compare with BenchmarkKustomizeOnlyLarge for the share of
// time spent outside the kustomize library.
func BenchmarkBuildLarge(b *testing.B) {
	cfg := largeProvider(b, 45)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Build(context.Background(), cfg, Options{Version: layout.MustParseVersion("v1.0.0"), Published: []string{}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKustomizeOnlyLarge is the bare kustomize library on the same tree.
func BenchmarkKustomizeOnlyLarge(b *testing.B) {
	cfg := largeProvider(b, 45)
	dir := cfg.Abs("config")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o := krusty.MakeDefaultOptions()
		o.Reorder = krusty.ReorderOptionLegacy
		m, err := krusty.MakeKustomizer(o).Run(filesys.MakeFsOnDisk(), dir)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.AsYaml(); err != nil {
			b.Fatal(err)
		}
	}
}
