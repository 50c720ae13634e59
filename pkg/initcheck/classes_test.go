package initcheck

import (
	"errors"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/scaffold"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

const group = "infrastructure.cluster.x-k8s.io"

// kubebuilderTree is a provider foo shaped as kubebuilder lays it out: config/default
// (label, namespace, prefix), config/crd, config/manager with a staging image.
func kubebuilderTree(label string) map[string]string {
	f := map[string]string{
		"metadata.yaml":                     "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 2, contract: v1beta1}\n",
		"config/default/kustomization.yaml": "namespace: foo-system\nnamePrefix: foo-\nresources:\n- ../crd\n- ../manager\nlabels:\n- pairs:\n    cluster.x-k8s.io/provider: " + label + "\n",
		"config/crd/kustomization.yaml":     "labels:\n- pairs:\n    cluster.x-k8s.io/v1beta1: v1beta1\nresources:\n- bases/foo.yaml\n",
		"config/crd/bases/foo.yaml": "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: fooclusters." + group + "\nspec:\n  group: " + group +
			"\n  names: {kind: FooCluster, listKind: FooClusterList, plural: fooclusters, singular: foocluster}\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n    served: true\n    storage: true\n    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}\n",
		"config/manager/kustomization.yaml": "resources:\n- manager.yaml\n",
		"config/manager/manager.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller-manager\n  namespace: system\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n" +
			"    spec:\n      containers:\n      - name: manager\n        image: gcr.io/foo-staging/foo-controller:main\n",
		"templates/cluster-template.yaml": cluster("default"),
	}
	return f
}

func cluster(marker string) string {
	return "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n  labels: {flavor: " + marker + "}\n"
}

func with(f map[string]string, extra map[string]string) map[string]string {
	for k, v := range extra {
		f[k] = v
	}
	return f
}

// fooRelease is the release config of foo: components from kustomize, the release
// image, metadata and the template entries given (flow YAML).
func fooRelease(kustomize, image string, templates ...string) string {
	repo, tag, _ := strings.Cut(image, ":")
	s := "providers:\n- name: foo\n  type: InfrastructureProvider\n  components:\n    kustomize: " + kustomize +
		"\n    images:\n    - {name: gcr.io/foo-staging/foo-controller, newName: " + repo + ", newTag: \"" + tag + "\"}\n  metadata: metadata.yaml\n"
	if len(templates) > 0 {
		s += "  templates:\n  - " + strings.Join(templates, "\n  - ") + "\n"
	}
	return s
}

const tagWorkflow = "on:\n  push:\n    tags: ['v*']\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n"

func classCases() []classCase {
	return []classCase{
		{name: "1 a coverage upload is no release file list",
			files: with(kubebuilderTree("infrastructure-foo"), map[string]string{
				".github/workflows/test.yaml": tagWorkflow + "    - uses: codecov/codecov-action@v4\n      with:\n        files: ./cover.out\n",
				"Makefile": "PROD_REGISTRY ?= registry.example.com/foo\nIMAGE_NAME ?= foo-controller\nrelease: release-templates\n\tkustomize build config/default > out/infrastructure-components.yaml\n" +
					"release-templates:\n\tcp templates/cluster-template*.yaml out/\n"}),
			release: fooRelease("config/default", "registry.example.com/foo/foo-controller:v1.2.0", "{path: templates/cluster-template.yaml}"),
			offline: []string{"components", "image", "templates"}},
		{name: "2 a registry variable no release line uses",
			files: with(kubebuilderTree("infrastructure-foo"), map[string]string{
				"Makefile": "STAGING_REGISTRY ?= gcr.io/foo-staging\nPROD_REGISTRY ?= registry.example.com/foo\nREGISTRY ?= $(STAGING_REGISTRY)\nIMAGE_NAME ?= foo-controller\n" +
					"release:\n\tsed -i'' -e 's@image: .*@image: '\"$(REGISTRY)/$(IMAGE_NAME):$(RELEASE_TAG)\"'@' config/manager/manager.yaml\n\tkustomize build config/default > out/infrastructure-components.yaml\n"}),
			release: fooRelease("config/default", "gcr.io/foo-staging/foo-controller:v1.2.0"),
			offline: []string{"components", "image"}},
		{name: "4 an overlay of config/default the release builds",
			files: with(kubebuilderTree("infrastructure-foo"), map[string]string{
				"Makefile":                          "release:\n\tkustomize build config/default > out/infrastructure-components.yaml\n",
				"config/release/kustomization.yaml": "resources:\n- ../default\npatches:\n- path: env.yaml\n",
				"config/release/env.yaml":           "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: foo-controller-manager\n  namespace: foo-system\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        args: [--binary=/manager]\n        envFrom: [{secretRef: {name: foo-credentials}}]\n",
			}),
			release: fooRelease("config/release", "registry.example.com/foo/foo-controller:v1.2.0"),
			offline: []string{"components", "image"}},
		{name: "5 a release-templates target the release comments out",
			files: with(kubebuilderTree("infrastructure-foo"), map[string]string{
				"Makefile": "release:\n\tkustomize build config/default > out/infrastructure-components.yaml\n\t#$(MAKE) release-templates\nrelease-templates:\n\tcp templates/cluster-template*.yaml out/\n"}),
			release: fooRelease("config/default", "registry.example.com/foo/foo-controller:v1.2.0"),
			offline: []string{"components", "image", "templates"}},
		{name: "6 a components name from a dev bootstrap script",
			files: with(kubebuilderTree("infrastructure-foo"), map[string]string{
				"hack/dev-bootstrap.sh": "kustomize build config/default > infrastructure-components-dev.yaml\n"}),
			release: fooRelease("config/default", "registry.example.com/foo/foo-controller:v1.2.0", "{path: templates/cluster-template.yaml}"),
			offline: []string{"components", "image", "templates"}},
		{name: "3 a provider label with a misspelt type word",
			files: with(kubebuilderTree("infrastucture-foo"), map[string]string{
				"Makefile": "release:\n\tkustomize build config/default > out/infrastructure-components.yaml\n"}),
			release: fooRelease("config/default", "registry.example.com/foo/foo-controller:v1.2.0", "{path: templates/cluster-template.yaml}"),
			offline: []string{"name", "components"},
			asks:    []string{"name"}},
		{name: "7 gh release create with no files, docker push of the tag",
			files: with(kubebuilderTree("infrastructure-foo"), map[string]string{
				".github/workflows/release.yaml": tagWorkflow + "    - run: docker build -t ghcr.io/acme/foo-controller:${{github.ref_name}} . && docker push ghcr.io/acme/foo-controller:${{github.ref_name}}\n" +
					"    - run: gh release create ${{github.ref_name}} --generate-notes\n"}),
			release: fooRelease("config/default", "ghcr.io/acme/foo-controller:v1.2.0", "{path: templates/cluster-template.yaml}"),
			offline: []string{"components", "image"}},
		{name: "generated templates nothing in the tree reproduces",
			files: with(kubebuilderTree("infrastructure-foo"), map[string]string{
				"Makefile":                       "release:\n\tkustomize build config/default > out/infrastructure-components.yaml\n\tgo run ./packaging/flavorgen --output-dir out\n",
				".github/workflows/release.yaml": tagWorkflow + "    - uses: softprops/action-gh-release@v2\n      with:\n        files: out/*\n"}),
			release:   fooRelease("config/default", "registry.example.com/foo/foo-controller:v1.2.0"),
			generated: map[string]string{"cluster-template-generated.yaml": cluster("generated")},
			offline:   []string{"components", "image", "templates"},
			asks:      []string{"templates"}},
	}
}

// TestWithGenerated: a failed build of the tag names the generated inputs init found
// missing and the target writing them, not only the build's error.
func TestWithGenerated(t *testing.T) {
	t.Parallel()
	f := kubebuilderTree("infrastructure-foo")
	f["config/default/kustomization.yaml"] += "patches:\n- path: ../generated/manager_patch.yaml\n"
	f["Makefile"] = "generate-patch:\n\tsed 's/X/Y/' hack/patch.in > config/generated/manager_patch.yaml\n"
	plan, err := scaffold.Inspect(t.Context(), tree.Write(t, f))
	if err != nil {
		t.Fatal(err)
	}
	got := withGenerated(errors.New("building v1.2.0: no such file"), plan).Error()
	if !strings.Contains(got, "building v1.2.0: no such file; generated inputs the tag's tree lacks: config/default loads config/generated/manager_patch.yaml, which is not in the tree: `make generate-patch` writes it (Makefile:2)") {
		t.Errorf("got %s", got)
	}
}
