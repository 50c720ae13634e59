package scaffold

const releaseTemplates = "release-templates:\n\tcp templates/cluster-template*.yaml $(RELEASE_DIR)/\n"

func classCases() []classCase {
	return []classCase{nestedScripts(), nestedOverlays(), metadataElsewhere(), releaseSettings(), workflowRegistry(),
		imageNameOnly(), releaseCopies(), devKustomization(), otherNames(), releaseShips(), twoTypes(), generatedInput()}
}

// nestedScripts: templates/flavors/<distro>/<flavor> built by a hack/*.sh loop, the
// default of one distro moved to cluster-template.yaml, a sed after the build.
func nestedScripts() classCase {
	f := provider(files{"Makefile": "generate-flavors:\n\tbash hack/gen.sh\n" + releaseTemplates,
		"hack/gen.sh": "FLAVORS_DIR=\"${REPO_ROOT}/templates/flavors\"\nfor distro in kubeadm k3s; do\n" +
			"  for name in $(ls \"${FLAVORS_DIR}/${distro}\"); do\n" +
			"    kustomize build \"${FLAVORS_DIR}/${distro}/${name}\" > \"${REPO_ROOT}/templates/cluster-template-${distro}-${name}.yaml\"\n" +
			"    sed -i -e 's|X|Y|g' \"${REPO_ROOT}/templates/cluster-template-${distro}-${name}.yaml\"\n" +
			"  done\ndone\nmv \"${REPO_ROOT}/templates/cluster-template-kubeadm.yaml\" \"${REPO_ROOT}/templates/cluster-template.yaml\"\n"})
	for _, d := range []string{"kubeadm/default", "kubeadm/ha", "k3s/default", "k3s/ha"} {
		flavor(f, "templates/flavors/"+d, d)
	}
	return classCase{name: "nested flavor trees built by a script loop", files: f,
		config: []string{`{flavor: "k3s-ha", kustomize: templates/flavors/k3s/ha} # rendered by hack/gen.sh:4`,
			`{flavor: "", kustomize: templates/flavors/kubeadm/default} # rendered by hack/gen.sh:4; renamed from kubeadm`,
			"# hack/gen.sh:5 post-processes a built file (sed)"},
		built: foo("cluster-template-k3s-ha.yaml", "cluster-template-k3s.yaml", "cluster-template-kubeadm-ha.yaml", "cluster-template.yaml")}
}

// nestedOverlays: templates/overlays/<flavor>/<credential-kind> and a deeper flavor, no
// script: flavors named by their path, so the two api-key leaves do not collide.
func nestedOverlays() classCase {
	f := provider(nil)
	for _, d := range []string{"base/api-key", "csi/api-key", "csi/zonal/api-key"} {
		flavor(f, "templates/overlays/"+d, d)
	}
	return classCase{name: "nested overlays named by path, deep flavors found", files: f,
		built: foo("cluster-template-base-api-key.yaml", "cluster-template-csi-api-key.yaml", "cluster-template-csi-zonal-api-key.yaml")}
}

// metadataElsewhere: metadata.yaml under config/metadata, copied by the release target.
func metadataElsewhere() classCase {
	f := provider(files{"Makefile": "release-metadata:\n\tcp config/metadata/metadata.yaml $(RELEASE_DIR)/metadata.yaml\n"})
	f["config/metadata/metadata.yaml"] = f["metadata.yaml"]
	delete(f, "metadata.yaml")
	return classCase{name: "metadata.yaml elsewhere", files: f, config: []string{"  metadata: config/metadata/metadata.yaml # Makefile:2 copies it; config/metadata/metadata.yaml:2\n"}, built: foo()}
}

// releaseSettings: an e2e target sets PULL_POLICY=Never before the release target sets
// IfNotPresent; the release registry is a RELEASE_REGISTRY variable.
func releaseSettings() classCase {
	f := provider(files{"Makefile": "RELEASE_REGISTRY ?= ghcr.io/acme\nIMAGE_NAME ?= foo-controller\n" +
		"docker-build-e2e:\n\t$(MAKE) set-manifest-pull-policy PULL_POLICY=Never\n" +
		"release-manifests:\n\t$(MAKE) set-manifest-pull-policy PULL_POLICY=IfNotPresent\n"})
	return classCase{name: "settings from the release target, not e2e", files: f,
		config: []string{"imagePullPolicy: IfNotPresent", "newName: ghcr.io/acme/foo-controller"}, built: foo()}
}

// workflowRegistry: the release registry is set only in the release workflow.
func workflowRegistry() classCase {
	f := provider(files{"Makefile": "IMAGE_NAME ?= foo-controller\n",
		".github/workflows/release.yaml": "on: {push: {tags: ['v*']}}\nenv:\n  REGISTRY: quay.io/acme\njobs: {}\n"})
	return classCase{name: "registry from the release workflow", files: f, config: []string{"newName: quay.io/acme/foo-controller"}, built: foo()}
}

// imageNameOnly: the release image name differs from the one the components leave; the
// Makefile names one image under the release registry.
func imageNameOnly() classCase {
	f := provider(files{"Makefile": "PROD_REGISTRY ?= registry.example.org/foo\nIMAGE_NAME ?= foo-manager\n"})
	return classCase{name: "one release image name under the release registry", files: f,
		config: []string{"newName: registry.example.org/foo/foo-manager"}, built: foo()}
}

// releaseCopies: the release target copies templates a test target renders (and one
// committed file) under their release names.
func releaseCopies() classCase {
	d := "test/e2e/data/foo"
	f := provider(files{"Makefile": "RELEASE_DIR := _dist\nDATA := " + d + "\n" +
		"cluster-templates:\n\t$(KUSTOMIZE) build $(DATA)/vm > $(DATA)/vm/cluster-template.yaml\n" +
		"build-cluster-templates: cluster-templates\n\tcp $(DATA)/vm/cluster-template.yaml $(RELEASE_DIR)/cluster-template.yaml\n" +
		"\tcp $(DATA)/docker/cluster-template.yaml $(RELEASE_DIR)/cluster-template-docker.yaml\n",
		d + "/docker/cluster-template.yaml": cluster("docker")})
	flavor(f, d+"/vm", "vm")
	return classCase{name: "release copies templates under their release names", files: f,
		config: []string{`{flavor: "", kustomize: test/e2e/data/foo/vm} # the release copies it as cluster-template.yaml (Makefile:6)`},
		built:  foo("cluster-template-docker.yaml", "cluster-template.yaml")}
}

// devKustomization: templates/kustomization.yaml wraps cluster-template.yaml for make
// create-workload-cluster; it is no flavor and the default template is shipped.
func devKustomization() classCase {
	f := provider(files{"Makefile": "create-workload-cluster:\n\t$(KUSTOMIZE) build templates | kubectl apply -f -\n",
		"templates/kustomization.yaml":        "namespace: default\nresources:\n- cluster-template.yaml\n",
		"templates/cluster-template.yaml":     cluster("default"),
		"templates/cluster-template-gpu.yaml": cluster("gpu")})
	return classCase{name: "development kustomization is not a flavor", files: f, built: foo("cluster-template-gpu.yaml", "cluster-template.yaml")}
}

// otherNames: an example copied to cluster-template.yaml by the Makefile, e2e templates
// a target renders: commented lines naming the Makefile lines.
func otherNames() classCase {
	f := provider(files{"Makefile": "templates:\n\tcp examples/cluster.yaml templates/cluster-template.yaml\n" +
		"e2e-templates:\n\t$(KUSTOMIZE) build test/e2e/data/flavor > test/e2e/data/cluster-template-e2e.yaml\n",
		"examples/cluster.yaml": cluster("example"), "templates/cluster-template-ha.yaml": cluster("ha")})
	flavor(f, "test/e2e/data/flavor", "e2e")
	return classCase{name: "templates under other names", files: f,
		config: []string{`# - {flavor: "", path: examples/cluster.yaml} # Makefile:2 copies examples/cluster.yaml to cluster-template.yaml`,
			"# Makefile:4 renders cluster-template-e2e.yaml (and `make e2e-templates` maybe more) for tests: not shipped"},
		built: foo("cluster-template-ha.yaml")}
}

// releaseShips: the release workflow uploads two templates; a third template file and a
// ClusterClass file in the tree are not shipped, and a named file nothing builds is noted.
func releaseShips() classCase {
	f := provider(files{".github/workflows/release.yaml": "jobs:\n  release:\n    steps:\n    - with:\n        files: |\n" +
		"          templates/cluster-template.yaml\n          templates/cluster-template-ha.yaml\n          templates/cluster-template-gone.yaml\n",
		"templates/cluster-template.yaml": cluster("default"), "templates/cluster-template-ha.yaml": cluster("ha"),
		"templates/cluster-template-dev.yaml": cluster("dev"), "templates/clusterclass-unused.yaml": clusterClass("unused"),
		"templates/cluster-class.yaml": clusterClass("other")})
	return classCase{name: "ships exactly what the release ships", files: f,
		config: []string{"# - path: templates/cluster-template-dev.yaml # cluster-template-dev.yaml is not in the release (.github/workflows/release.yaml:6",
			"# .github/workflows/release.yaml:8 ships cluster-template-gone.yaml, which no templates: entry builds",
			"# - clusterClass: templates/cluster-class.yaml # clusterclass-other.yaml is not in the release"},
		built: foo("cluster-template-ha.yaml", "cluster-template.yaml")}
}

// twoTypes: infrastructure components that also define a control-plane kind, no
// provider label (the name comes from the folder).
func twoTypes() classCase {
	d := "cluster-api-provider-foo"
	f := files{d + "/metadata.yaml": metadataYAML}
	f.componentsTree(d, "foo", infra, "", "registry.example.com/foo/foo-controller:dev", infraKinds...)
	f[d+"/config/crd/bases/cp.yaml"] = crd(cp, "FooControlPlane")
	f[d+"/config/crd/kustomization.yaml"] += "- bases/cp.yaml\n"
	return classCase{name: "components serving two provider types", files: f,
		config: []string{"type: InfrastructureProvider # its CRDs serve " + infra + ", " + cp}, built: foo()}
}

// generatedInput: the kustomization loads a git-ignored patch make generate-manifests
// writes; init names the target, and the build passes once it ran.
func generatedInput() classCase {
	f := provider(files{"Makefile": "IMG ?= registry.example.com/foo/foo-staging:$(TAG)\ngenerate-manifests:\n\tsed -e 's@image: .*@image: $(IMG)@' config/default/image_patch.yaml > config/default/image_patch_edited.yaml\n"})
	f["config/default/kustomization.yaml"] += "patches:\n- path: image_patch_edited.yaml\n"
	patch := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller-manager\n  namespace: system\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        image: registry.example.com/foo/foo-staging:dev\n"
	return classCase{name: "generated inputs", files: f, makeRuns: map[string]string{"config/default/image_patch_edited.yaml": patch},
		config: []string{"# config/default loads config/default/image_patch_edited.yaml, which is not in the tree: `make generate-manifests` writes it (Makefile:3)",
			"- name: registry.example.com/foo/foo-staging # Makefile:3"},
		built: foo()}
}
