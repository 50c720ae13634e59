package scaffold

// Release image classes: the image (and its tag and pull policy) the release path sets.

// fooMakefile is a release target that pins the release image with
// set-manifest-image and renders the components into out/.
const fooMakefile = "RELEASE_DIR ?= out\nPROD_REGISTRY ?= registry.example.com/foo\nIMAGE_NAME ?= foo-controller\n\n" +
	"release-manifests:\n\t$(MAKE) set-manifest-image MANIFEST_IMG=$(PROD_REGISTRY)/$(IMAGE_NAME) MANIFEST_TAG=$(RELEASE_TAG)\n" +
	"\t$(KUSTOMIZE) build config/default > $(RELEASE_DIR)/infrastructure-components.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n\n" +
	setManifestImageRule

// fooTree is the provider foo with a tracked image patch and fooMakefile plus more rules.
func fooTree(makefile string, extra files) files {
	f := provider(extra)
	f.imagePatch("registry.example.com/foo/foo-controller:dev", "")
	f["Makefile"] = fooMakefile + makefile
	return f
}

// fooName is the image fooTree's manager and patch name; fooImage is what fooMakefile's
// release pins.
const (
	fooName  = "registry.example.com/foo/foo-controller"
	fooImage = fooName + ":v1.2.0"
)

// sharedMakefileIMG: bootstrap and control plane share one Makefile whose IMG holds
// $(PROVIDER) (PROVIDER ?= bootstrap); the release runs the build once per provider.
// No provider label: the docs name both.
func sharedMakefileIMG() releaseCase {
	f := files{"metadata.yaml": metadataYAML, "go.mod": "module github.com/acme/cluster-api-provider-foo\n\ngo 1.24\n",
		"Makefile": "PROVIDER ?= bootstrap\nREGISTRY ?= quay.io/acme\nTAG ?= latest\nIMG ?= $(REGISTRY)/cluster-api-$(PROVIDER)-provider-foo:$(TAG)\n" +
			"DIST_DIR ?= ./dist\nRELEASE_DIR ?= out\n\nbuild-installer:\n\t$(MAKE) build-installer-provider PROVIDER=bootstrap\n" +
			"\t$(MAKE) build-installer-provider PROVIDER=controlplane\n\nbuild-installer-provider:\n\tmkdir -p $(DIST_DIR)\n" +
			"\tcd $(PROVIDER)/config/manager && $(KUSTOMIZE) edit set image controller=${IMG}\n" +
			"\t$(KUSTOMIZE) build $(PROVIDER)/config/default > ${DIST_DIR}/$(PROVIDER)_install.yaml\n\n" +
			"release:\n\t$(MAKE) build-installer TAG=$(RELEASE_TAG)\n\tcp $(DIST_DIR)/bootstrap_install.yaml $(RELEASE_DIR)/bootstrap-components.yaml\n" +
			"\tcp $(DIST_DIR)/controlplane_install.yaml $(RELEASE_DIR)/control-plane-components.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n",
		"docs/getting-started.md": "Add to clusterctl.yaml:\n```yaml\nproviders:\n  - name: \"foo\"\n    url: \"https://github.com/acme/cluster-api-provider-foo/releases/latest/download/bootstrap-components.yaml\"\n" +
			"    type: \"BootstrapProvider\"\n  - name: \"foo\"\n    url: \"https://github.com/acme/cluster-api-provider-foo/releases/latest/download/control-plane-components.yaml\"\n    type: \"ControlPlaneProvider\"\n```\n"}
	f.kubebuilder("bootstrap", "foo-bootstrap", boot, "", "quay.io/acme/cluster-api-bootstrap-provider-foo:latest", "FooConfig", "FooConfigTemplate")
	f.kubebuilder("controlplane", "foo-controlplane", cp, "", "quay.io/acme/cluster-api-controlplane-provider-foo:latest", "FooControlPlane")
	return releaseCase{name: "two providers share one Makefile IMG", files: f,
		config: []string{"- name: foo # from the docs (docs/getting-started.md:4)",
			"# release image: this name, Makefile:14 (kustomize edit set image in controlplane/config/manager)"},
		release: "providers:\n" +
			releaseProvider("foo", "BootstrapProvider", "bootstrap/config/default", "quay.io/acme/cluster-api-bootstrap-provider-foo", "quay.io/acme/cluster-api-bootstrap-provider-foo:v1.2.0") +
			releaseProvider("foo", "ControlPlaneProvider", "controlplane/config/default", "quay.io/acme/cluster-api-controlplane-provider-foo", "quay.io/acme/cluster-api-controlplane-provider-foo:v1.2.0")}
}

// archMakefile builds a per-architecture image and pins it with set-manifest-image.
const archMakefile = "REGISTRY ?= ghcr.io/acme\nIMAGE_NAME ?= cluster-api-provider-foo\nCONTROLLER_IMG ?= $(REGISTRY)/$(IMAGE_NAME)\n" +
	"ARCH ?= $(shell go env GOARCH)\nTAG ?= dev\nRELEASE_DIR := out\n\ndocker-build:\n" +
	"\tdocker build --build-arg ARCH=$(ARCH) . -t $(CONTROLLER_IMG)-$(ARCH):$(TAG)\n" +
	"\tMANIFEST_IMG=$(CONTROLLER_IMG)-$(ARCH) MANIFEST_TAG=$(TAG) $(MAKE) set-manifest-image\n\n" + setManifestImageRule +
	"\nrelease-manifests:\n\t$(KUSTOMIZE) build config/default > $(RELEASE_DIR)/infrastructure-components.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n"

// committedArchImage: the tracked patch holds the -amd64 image a docker-build left; the
// release target pins the multi-architecture image before it renders.
func committedArchImage() releaseCase {
	f := provider(files{"Makefile": archMakefile + "\nrelease:\n\tMANIFEST_IMG=$(CONTROLLER_IMG) MANIFEST_TAG=$(RELEASE_TAG) $(MAKE) set-manifest-image\n\t$(MAKE) release-manifests\n"})
	f.imagePatch("ghcr.io/acme/cluster-api-provider-foo-amd64:dev", "")
	return releaseCase{name: "a committed -$(ARCH) image the release replaces", files: f,
		config:  []string{"newName: ghcr.io/acme/cluster-api-provider-foo # Makefile:14 (sed sets image: in config/default/manager_image_patch.yaml)"},
		release: fooRelease("ghcr.io/acme/cluster-api-provider-foo-amd64", "ghcr.io/acme/cluster-api-provider-foo:v1.2.0")}
}

// archImageOnly: the release pins the per-architecture image docker-build pushed: init
// writes the multi-architecture name and asks.
func archImageOnly() releaseCase {
	f := provider(files{"Makefile": archMakefile + "\nrelease:\n\t$(MAKE) docker-build TAG=$(RELEASE_TAG)\n\t$(MAKE) release-manifests\n"})
	f.imagePatch("ghcr.io/acme/cluster-api-provider-foo:dev", "")
	return releaseCase{name: "the release pins a -$(ARCH) image", files: f,
		config:  []string{"# QUESTION: Makefile:14 sets a per-architecture image (ghcr.io/acme/cluster-api-provider-foo-<arch>)"},
		asks:    []string{"infrastructure-foo image"},
		differs: []string{"infrastructure-foo image"},
		release: fooRelease("ghcr.io/acme/cluster-api-provider-foo", "ghcr.io/acme/cluster-api-provider-foo-amd64:v1.2.0")}
}

// setManifestImage: the release target pins $(IMAGE_PREFIX)/$(IMAGE_NAME) (not the
// staging IMG the patch holds), and the release workflow's env sets IMAGE_NAME.
func setManifestImage() releaseCase {
	f := provider(files{"Makefile": "STAGING_REGISTRY ?= gcr.io/acme-staging\nIMAGE_PREFIX ?= registry.acme.io/capi\nIMAGE_NAME ?= foo-controller\n" +
		"IMG ?= $(STAGING_REGISTRY)/$(IMAGE_NAME)\nRELEASE_DIR ?= out\n\n" + setManifestImageRule +
		"\nrelease-manifests:\n\t$(MAKE) set-manifest-image MANIFEST_IMG=$(IMAGE_PREFIX)/$(IMAGE_NAME) MANIFEST_TAG=$(RELEASE_TAG)\n" +
		"\t$(KUSTOMIZE) build config/default > $(RELEASE_DIR)/infrastructure-components.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n",
		".github/workflows/release.yaml": "name: release\non:\n  push:\n    tags: ['v*']\nenv:\n  IMAGE_NAME: foo-manager\njobs:\n  release:\n    runs-on: ubuntu-latest\n" +
			"    steps:\n    - uses: actions/checkout@v4\n    - run: make release-manifests RELEASE_TAG=${{ github.ref_name }}\n" +
			"    - uses: softprops/action-gh-release@v2\n      with:\n        files: out/*\n"})
	f.imagePatch("gcr.io/acme-staging/foo-controller:main", "")
	return releaseCase{name: "set-manifest-image in the release target, IMAGE_NAME from the workflow", files: f,
		config:  []string{"newName: registry.acme.io/capi/foo-manager # Makefile:9 (sed sets image: in config/default/manager_image_patch.yaml)"},
		release: fooRelease("gcr.io/acme-staging/foo-controller", "registry.acme.io/capi/foo-manager:v1.2.0")}
}

// versionWithoutV: the workflow passes the tag without its v (${VERSION#v}) as the
// image tag.
func versionWithoutV() releaseCase {
	f := files{"metadata.yaml": metadataYAML, "Makefile": "IMG ?= ghcr.io/acme/foo-controller\nIMG_TAG ?= latest\nRELEASE_DIR ?= out\n\n" +
		"release-manifests:\n\tcd config/manager && $(KUSTOMIZE) edit set image controller=$(IMG):$(IMG_TAG)\n" +
		"\t$(KUSTOMIZE) build config/default > $(RELEASE_DIR)/infrastructure-components.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n",
		".github/workflows/release.yml": "name: Release\non:\n  push:\n    tags:\n    - 'v*'\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n" +
			"    - uses: actions/checkout@v4\n    - name: Build manifests\n      run: |\n        VERSION=${GITHUB_REF_NAME}\n        make release-manifests IMG_TAG=${VERSION#v}\n" +
			"    - uses: softprops/action-gh-release@v2\n      with:\n        files: out/*\n"}
	f.kubebuilder(".", "foo", infra, "infrastructure-foo", "ghcr.io/acme/foo-controller:latest", infraKinds...)
	return releaseCase{name: "${VERSION#v} tags the image", files: f,
		config:  []string{"tagFromVersion: trimPrefix # Makefile:6 tags the image ${VERSION#v}, the version without its v"},
		release: fooRelease("ghcr.io/acme/foo-controller", "ghcr.io/acme/foo-controller:1.2.0")}
}

// commentedLine: a commented-out set-manifest-pull-policy in the release target is not
// the release's pull policy: the tracked patch's Always is.
func commentedLine() releaseCase {
	f := fooTree("\nrelease:\n\t$(MAKE) set-manifest-image MANIFEST_IMG=$(PROD_REGISTRY)/$(IMAGE_NAME) MANIFEST_TAG=$(RELEASE_TAG)\n"+
		"\t#$(MAKE) set-manifest-pull-policy PULL_POLICY=IfNotPresent\n\t$(MAKE) release-manifests\n", nil)
	f["config/default/kustomization.yaml"] += "- path: manager_pull_policy.yaml\n"
	f["config/default/manager_pull_policy.yaml"] = patchDeployment("imagePullPolicy: Always")
	return releaseCase{name: "a commented Makefile line", files: f, release: `providers:
- name: foo
  type: InfrastructureProvider
  components:
    kustomize: config/default
    imagePullPolicy: Always
    images:
    - {name: registry.example.com/foo/foo-controller, newTag: v1.2.0}
  metadata: metadata.yaml
`}
}

// azurePipelines: the release pipeline runs make with the release registry and name
// on its command line and publishes out/.
func azurePipelines() releaseCase {
	f := provider(files{"Makefile": "REGISTRY ?= mocimages.example.io\nPROD_REGISTRY := mocimages.example.io\nIMAGE_NAME ?= foo-controller\nRELEASE_DIR ?= out\n\n" +
		setManifestImageRule + "\nrelease:\n\t$(MAKE) set-manifest-image MANIFEST_IMG=$(PROD_REGISTRY)/$(IMAGE_NAME) MANIFEST_TAG=$(RELEASE_TAG)\n\t$(MAKE) release-manifests\n" +
		"\nrelease-manifests:\n\t$(KUSTOMIZE) build config/default > $(RELEASE_DIR)/infrastructure-components.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n" +
		"\tcp templates/cluster-template.yaml $(RELEASE_DIR)/cluster-template.yaml\n",
		"azure-pipelines-release.yml": "trigger: none\npr: none\n\npool:\n  vmImage: \"ubuntu-latest\"\n\nsteps:\n  - checkout: self\n  - script: |\n" +
			"      make PROD_REGISTRY=acr.example.io/public IMAGE_NAME=foo-controller TAG=$(RELEASE_TAG) release\n    displayName: \"Build\"\n\n" +
			"  - publish: $(System.DefaultWorkingDirectory)/out\n    artifact: releases\n",
		"templates/cluster-template.yaml": cluster("default"), "templates/cluster-template-dev.yaml": cluster("dev")})
	f.imagePatch("mocimages.example.io/foo-controller:dev", "")
	return releaseCase{name: "an Azure Pipelines release", files: f,
		config: []string{"newName: acr.example.io/public/foo-controller # Makefile:8 (sed sets image: in config/default/manager_image_patch.yaml)",
			"# - path: templates/cluster-template-dev.yaml # cluster-template-dev.yaml is not in the release (azure-pipelines-release.yml:13 ship what they name)"},
		release: fooRelease("mocimages.example.io/foo-controller", "acr.example.io/public/foo-controller:v1.2.0", "path: templates/cluster-template.yaml")}
}

// gitlabRelease: a GitLab CI job run on tags passes the release registry to make.
func gitlabRelease() releaseCase {
	f := fooTree("", files{".gitlab-ci.yml": "stages: [test, release]\n\nunit:\n  stage: test\n  script:\n    - make test\n\n" +
		"release-manifests:\n  stage: release\n  rules:\n    - if: $CI_COMMIT_TAG\n  script:\n" +
		"    - make release-manifests PROD_REGISTRY=registry.gitlab.example.com/acme/foo RELEASE_TAG=$CI_COMMIT_TAG\n"})
	return releaseCase{name: "a GitLab CI release job", files: f,
		config:  []string{"newName: registry.gitlab.example.com/acme/foo/foo-controller # Makefile:12 (sed sets image: in config/default/manager_image_patch.yaml)"},
		release: fooRelease(fooName, "registry.gitlab.example.com/acme/foo/foo-controller:v1.2.0")}
}

// prowRelease: an in-tree Prow postsubmit job named like a release runs make with the
// release registry (command and args as YAML lists).
func prowRelease() releaseCase {
	f := fooTree("", files{".prow.yaml": "postsubmits:\n  - name: post-foo-release\n    branches:\n    - ^v\\d+\\.\\d+\\.\\d+$\n    decorate: true\n" +
		"    spec:\n      containers:\n      - image: gcr.io/k8s-staging-test-infra/kubekins-e2e:latest\n        command:\n        - runner.sh\n        args:\n" +
		"        - make\n        - release-manifests\n        - PROD_REGISTRY=registry.k8s.io/foo\n  - name: pull-foo-test\n    spec:\n      containers:\n" +
		"      - image: golang:1.24\n        command:\n        - make\n        - test\n"})
	return releaseCase{name: "an in-tree Prow release job", files: f,
		config:  []string{"newName: registry.k8s.io/foo/foo-controller # Makefile:12 (sed sets image: in config/default/manager_image_patch.yaml)"},
		release: fooRelease(fooName, "registry.k8s.io/foo/foo-controller:v1.2.0")}
}
