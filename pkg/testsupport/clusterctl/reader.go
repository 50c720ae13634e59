package clusterctl

import (
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// readerComponents is a components file clusterctl accepts.
const readerComponents = `apiVersion: v1
kind: Namespace
metadata:
  name: foo-system
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  namespace: foo-system
`

const readerMetadata = `apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3
kind: Metadata
releaseSeries:
- major: 0
  minor: 1
  contract: v1beta1
`

// GenerateCluster runs `clusterctl generate cluster c1 -n default` on template as the
// cluster-template.yaml of a local infrastructure provider "foo" v0.1.0 (clusterctl's
// template.go NewTemplate reads it with util/yaml ToUnstructured). components, when
// not empty, replaces the provider's components file.
func (b Binary) GenerateCluster(t testing.TB, template, components string) (stdout, stderr string, err error) {
	t.Helper()
	dir := b.repo(t, template, components)
	return b.Run(t, nil, "generate", "cluster", "c1", "--infrastructure", "foo:v0.1.0", "-n", "default", "--config", filepath.Join(dir, "clusterctl.yaml"))
}

// DescribeProvider runs `clusterctl generate provider --infrastructure foo:v0.1.0
// --describe` with components as the provider's components file (components.go
// NewComponents reads it with util/yaml ToUnstructured).
func (b Binary) DescribeProvider(t testing.TB, components string) (stdout, stderr string, err error) {
	t.Helper()
	dir := b.repo(t, "", components)
	return b.Run(t, nil, "generate", "provider", "--infrastructure", "foo:v0.1.0", "--describe", "--config", filepath.Join(dir, "clusterctl.yaml"))
}

func (b Binary) repo(t testing.TB, template, components string) string {
	if components == "" {
		components = readerComponents
	}
	dir := t.TempDir()
	rel := filepath.Join(dir, "infrastructure-foo", "v0.1.0")
	tree.WriteIn(t, dir, map[string]string{
		"infrastructure-foo/v0.1.0/infrastructure-components.yaml": components,
		"infrastructure-foo/v0.1.0/metadata.yaml":                  readerMetadata,
		"infrastructure-foo/v0.1.0/cluster-template.yaml":          template,
		"clusterctl.yaml": "providers:\n- name: foo\n  type: InfrastructureProvider\n  url: " + filepath.Join(rel, "infrastructure-components.yaml") + "\n",
	})
	return dir
}

// GenerateRelease runs `clusterctl generate cluster c1 -n default [--flavor F]` on a
// local infrastructure provider "foo" v0.1.0 whose release folder holds files (names
// relative to it) next to a components file and metadata.yaml clusterctl accepts.
func (b Binary) GenerateRelease(t testing.TB, flavor string, files map[string]string) (stdout, stderr string, err error) {
	t.Helper()
	dir := b.repo(t, "", "")
	in := map[string]string{}
	for name, data := range files {
		in[filepath.Join("infrastructure-foo", "v0.1.0", name)] = data
	}
	tree.WriteIn(t, dir, in)
	args := []string{"generate", "cluster", "c1", "--infrastructure", "foo:v0.1.0", "-n", "default", "--config", filepath.Join(dir, "clusterctl.yaml")}
	if flavor != "" {
		args = append(args, "--flavor", flavor)
	}
	return b.Run(t, nil, args...)
}

// DescribeWithMetadata runs `clusterctl generate provider --infrastructure foo:v0.1.0
// --describe` on the local provider with metadata as its metadata.yaml (clusterctl
// decodes it with metadata_client.go Get and checks the series of v0.1.0).
func (b Binary) DescribeWithMetadata(t testing.TB, metadata string) (stdout, stderr string, err error) {
	t.Helper()
	dir := b.repo(t, "", "")
	tree.WriteIn(t, dir, map[string]string{"infrastructure-foo/v0.1.0/metadata.yaml": metadata})
	return b.Run(t, nil, "generate", "provider", "--infrastructure", "foo:v0.1.0", "--describe", "--config", filepath.Join(dir, "clusterctl.yaml"))
}

// GenerateProvider runs `clusterctl generate provider --infrastructure foo:v0.1.0`,
// which prints components (the provider's components file) as clusterctl installs it.
func (b Binary) GenerateProvider(t testing.TB, components string) (stdout, stderr string, err error) {
	t.Helper()
	dir := b.repo(t, "", components)
	return b.Run(t, nil, "generate", "provider", "--infrastructure", "foo:v0.1.0", "--config", filepath.Join(dir, "clusterctl.yaml"))
}
