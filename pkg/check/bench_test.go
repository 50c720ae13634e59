package check

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// components20MB generates a components file of about 20 MB: a Namespace, a manager
// Deployment and CRDs with large schemas.
func components20MB() []byte { return componentsOf(20 << 20) }

// componentsOf is components20MB grown to about size bytes.
func componentsOf(size int) []byte {
	var b strings.Builder
	b.Grow(size + 64<<10)
	b.WriteString("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: big-system\n---\n")
	b.WriteString("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: m\n  namespace: big-system\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        image: registry.example.com/big/controller:v1.0.0\n        args: [\"--v=${LOG_LEVEL:=2}\"]\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: thing%ds.infrastructure.cluster.x-k8s.io\n  labels:\n    cluster.x-k8s.io/v1beta1: v1alpha1\nspec:\n  group: infrastructure.cluster.x-k8s.io\n  names: {kind: Thing%d, plural: thing%ds}\n  scope: Namespaced\n  versions:\n  - name: v1alpha1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n", i, i, i)
		for j := 0; j < 200; j++ {
			fmt.Fprintf(&b, "          field%d:\n            description: Field %d configures one aspect of the thing, with words like a kubebuilder description.\n            type: string\n", j, j)
		}
	}
	return []byte(b.String())
}

// BenchmarkLint20MB runs every rule (as `capirepo lint` does) over a 20 MB components file.
func BenchmarkLint20MB(b *testing.B) {
	data := components20MB()
	r := &release.Release{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "big"}, Version: layout.NamedVersion("v1.0.0"),
		ComponentsFile: "infrastructure-components.yaml", Files: []release.File{{Name: "infrastructure-components.yaml", Data: data}}}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Release(r, Options{Partial: true})
	}
}
