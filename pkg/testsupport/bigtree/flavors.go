package bigtree

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// patches is how many shared patch files templates/patches holds; flavor i uses
// patches i%patches and (i+1)%patches.
const patches = 8

// flavors writes templates/base (a cluster and its machine objects, ~40 documents),
// the shared patches and n flavor folders, and returns their capirepo.yaml entries.
func flavors(tb testing.TB, dir string, n int) string {
	var base strings.Builder
	base.WriteString("apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n  namespace: ${NAMESPACE}\nspec:\n  infrastructureRef:\n    apiVersion: infrastructure.cluster.x-k8s.io/v1alpha1\n    kind: Thing00\n    name: ${CLUSTER_NAME}\n")
	for i := range 40 {
		fmt.Fprintf(&base, "---\napiVersion: infrastructure.cluster.x-k8s.io/v1alpha1\nkind: Thing%02d\nmetadata:\n  name: ${CLUSTER_NAME}-t%d\n  namespace: ${NAMESPACE}\nspec:\n  template:\n    spec:\n      size: ${SIZE_%d:=small}\n      region: ${REGION}\n      tags: [a, b, c]\n      description: %s\n", i%10, i, i, strings.Repeat("words ", 40))
	}
	write(tb, filepath.Join(dir, "templates", "base", "kustomization.yaml"), "resources: [cluster.yaml]\n")
	write(tb, filepath.Join(dir, "templates", "base", "cluster.yaml"), base.String())
	for p := range patches {
		write(tb, filepath.Join(dir, "templates", "patches", fmt.Sprintf("p%d.yaml", p)),
			fmt.Sprintf("apiVersion: infrastructure.cluster.x-k8s.io/v1alpha1\nkind: Thing%02d\nmetadata:\n  name: ${CLUSTER_NAME}-t%d\n  namespace: ${NAMESPACE}\nspec:\n  template:\n    spec:\n      size: large-%d\n", p, p, p))
	}
	var cfg strings.Builder
	for i := range n {
		f := fmt.Sprintf("flavor-%02d", i)
		write(tb, filepath.Join(dir, "templates", f, "kustomization.yaml"), fmt.Sprintf(
			"resources: [../base]\npatches:\n- path: ../patches/p%d.yaml\n- path: ../patches/p%d.yaml\n", i%patches, (i+1)%patches))
		fmt.Fprintf(&cfg, "  - flavor: %s\n    kustomize: templates/%s\n    loadRestrictor: none\n", f, f)
	}
	return cfg.String()
}
