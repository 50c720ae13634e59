package templates

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// BenchmarkFlavors renders 16 kustomize flavors (a shared base of ~40 objects plus a
// patch each) serially and with one job per CPU.
func BenchmarkFlavors(b *testing.B) {
	var base strings.Builder
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&base, "---\napiVersion: infrastructure.cluster.x-k8s.io/v1beta1\nkind: ThingTemplate\nmetadata:\n  name: ${CLUSTER_NAME}-t%d\n  namespace: ${NAMESPACE}\nspec:\n  template:\n    spec:\n      size: ${SIZE_%d:=small}\n      tags: [a, b, c]\n", i, i)
	}
	files := map[string]string{"base/kustomization.yaml": "resources: [all.yaml]\n", "base/all.yaml": base.String()}
	var names []string
	for i := 0; i < 16; i++ {
		f := fmt.Sprintf("f%02d", i)
		names = append(names, f)
		files[f+"/kustomization.yaml"] = "resources: [../base]\npatches:\n- path: p.yaml\n"
		files[f+"/p.yaml"] = fmt.Sprintf("apiVersion: infrastructure.cluster.x-k8s.io/v1beta1\nkind: ThingTemplate\nmetadata:\n  name: ${CLUSTER_NAME}-t%d\n  namespace: ${NAMESPACE}\nspec:\n  template:\n    spec:\n      size: large\n", i)
	}
	dir := tree.Write(b, files)
	var srcs []Source
	for _, f := range names {
		srcs = append(srcs, Source{Flavor: flavor(f), Kustomize: filepath.Join(dir, f)})
	}
	for _, jobs := range []int{1, 0} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Build(context.Background(), srcs, jobs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
