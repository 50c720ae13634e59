package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// largeProvider writes a provider with n CRDs of about 70 KB each (n=45: ~3 MB) and
// returns its loaded config.
func largeProvider(b *testing.B, n int) *config.Config {
	b.Helper()
	dir := b.TempDir()
	var res []string
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("crd%02d.yaml", i)
		res = append(res, name)
		write(b, filepath.Join(dir, "config", name), crd(fmt.Sprintf("Thing%02d", i)))
	}
	write(b, filepath.Join(dir, "config", "manager.yaml"), manager)
	res = append(res, "manager.yaml")
	write(b, filepath.Join(dir, "config", "kustomization.yaml"), "namespace: big-system\nresources:\n- "+strings.Join(res, "\n- ")+"\n")
	write(b, filepath.Join(dir, "metadata.yaml"), "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n")
	cfg := "providers:\n- name: big\n  type: InfrastructureProvider\n  components: {kustomize: config}\n  metadata: metadata.yaml\n"
	write(b, filepath.Join(dir, "capirepo.yaml"), cfg)
	c, err := config.Load(filepath.Join(dir, "capirepo.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

func write(b *testing.B, p, body string) {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		b.Fatal(err)
	}
}

func crd(kind string) string {
	lower := strings.ToLower(kind)
	var props strings.Builder
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&props, "                field%02d:\n                  description: Field %d of %s. It configures one aspect of the infrastructure, with enough words to look like a real kubebuilder description of a field.\n                  type: object\n                  properties:\n                    name: {type: string, description: The name of the thing this field refers to.}\n                    size: {type: integer, format: int32, description: Size in gigabytes.}\n                    tags: {type: array, items: {type: string}, description: Free-form tags.}\n", i, i, kind)
	}
	return fmt.Sprintf(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: %[2]ss.infrastructure.cluster.x-k8s.io
  labels: {cluster.x-k8s.io/v1beta1: v1alpha1}
spec:
  group: infrastructure.cluster.x-k8s.io
  names: {kind: %[1]s, listKind: %[1]sList, plural: %[2]ss, singular: %[2]s}
  scope: Namespaced
  versions:
  - name: v1alpha1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              nested:
                type: object
                properties:
%[3]s`, kind, lower, props.String())
}

const manager = `apiVersion: v1
kind: Namespace
metadata: {name: big-system}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: big-controller, namespace: big-system}
spec:
  selector: {matchLabels: {app: big}}
  template:
    metadata: {labels: {app: big}}
    spec:
      containers:
      - name: manager
        image: registry.example.com/big/controller:v1.0.0
`

// BenchmarkBuildLarge is the whole build (render, transforms, every check) of a
// 45-CRD, ~3 MB provider. Compare with BenchmarkKustomizeOnlyLarge for the share of
// time spent outside the kustomize library.
func BenchmarkBuildLarge(b *testing.B) {
	cfg := largeProvider(b, 45)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Build(context.Background(), cfg, Options{Version: "v1.0.0", Published: []string{}}); err != nil {
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
