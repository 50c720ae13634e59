package pipeline

import (
	"context"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// kustomizeFolders renders each folder with the bare kustomize library, one after
// the other, as `kustomize build` would (legacy order, YAML output).
func kustomizeFolders(b *testing.B, dirs []string) {
	for _, dir := range dirs {
		o := krusty.MakeDefaultOptions()
		o.Reorder = krusty.ReorderOptionLegacy
		o.LoadRestrictions = types.LoadRestrictionsNone
		m, err := krusty.MakeKustomizer(o).Run(filesys.MakeFsOnDisk(), dir)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.AsYaml(); err != nil {
			b.Fatal(err)
		}
	}
}

// ratioBench times the whole build and the anchor one after the other in each
// iteration and reports build/anchor.
func ratioBench(b *testing.B, tree bigtree.Tree, unit string) {
	file := bigtree.Write(b, tree)
	cfg, err := config.Load(file)
	if err != nil {
		b.Fatal(err)
	}
	dirs := bigtree.Folders(file, tree)
	var tb, ta time.Duration
	for b.Loop() {
		start := time.Now()
		kustomizeFolders(b, dirs)
		ta += time.Since(start)
		start = time.Now()
		if _, err := Build(context.Background(), cfg, Options{Version: layout.MustParseVersion("v1.0.0"), Published: []string{}}); err != nil {
			b.Fatal(err)
		}
		tb += time.Since(start)
	}
	b.ReportMetric(float64(tb)/float64(ta), unit)
}

// BenchmarkBuildVsKustomize3MB: the whole build (render, transforms, every check)
// of a 45-CRD, 3 MB provider against the bare kustomize library on its folder
// (target ≤ 1.05).
func BenchmarkBuildVsKustomize3MB(b *testing.B) {
	ratioBench(b, bigtree.Tree{CRDs: 45}, "build/kustomize-lib")
}

// BenchmarkFlavorsCAPZ: a CAPZ-sized provider (3 MB of components, 30 flavors
// sharing a base and patches): the whole build against rendering the same folders
// one after another with the kustomize library (target ≤ 0.6).
func BenchmarkFlavorsCAPZ(b *testing.B) {
	ratioBench(b, bigtree.Tree{CRDs: 45, Flavors: 30}, "build/sequential-kustomize")
}
