package scaffold

// Template and identity classes: which templates the release ships, the provider's
// name and components file name, and reading the tree through a symbolic link.

const releaseTemplatesRule = "\nrelease-templates:\n\tcp templates/cluster-template*.yaml $(RELEASE_DIR)/\n"

// workflowListsNoTemplates: the release workflow uploads the components and metadata
// only; the templates in the tree are examples. No label: go.mod names the provider.
func workflowListsNoTemplates() releaseCase {
	f := files{"metadata.yaml": metadataYAML, "go.mod": "module github.com/acme/cluster-api-bootstrap-provider-foo\n\ngo 1.24\n",
		"Makefile": "RELEASE_DIR ?= out\n\nrelease-manifests:\n\t$(KUSTOMIZE) build config/default > $(RELEASE_DIR)/bootstrap-components.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n",
		".github/workflows/release.yml": "name: Release\non:\n  push:\n    tags:\n      - 'v[0-9]+.[0-9]+.[0-9]+'\njobs:\n  build:\n    name: Release\n    runs-on: ubuntu-latest\n    steps:\n" +
			"      - uses: actions/checkout@v4\n      - name: Build manifests\n        run: |\n          make release-manifests\n" +
			"          sed -i \"s,ghcr.io/acme/foo-bootstrap:latest,ghcr.io/acme/foo-bootstrap:${GITHUB_REF_NAME},\" out/bootstrap-components.yaml\n" +
			"      - name: Create GitHub Release\n        uses: softprops/action-gh-release@v2\n        with:\n          files: |\n            out/bootstrap-components.yaml\n            out/metadata.yaml\n" +
			"          generate_release_notes: true\n",
		"templates/cluster-template-aws.yaml": cluster("aws"), "templates/cluster-template-gcp.yaml": cluster("gcp")}
	f.kubebuilder(".", "foo", boot, "", "ghcr.io/acme/foo-bootstrap:latest", "FooConfig", "FooConfigTemplate")
	return releaseCase{name: "a workflow file list without templates", files: f,
		config: []string{"# - path: templates/cluster-template-aws.yaml # cluster-template-aws.yaml is not in the release (.github/workflows/release.yml:20, .github/workflows/release.yml:21 ship what they name)",
			"- name: foo # from go.mod's module (go.mod:1)"},
		asks:    []string{"bootstrap-foo name"},
		release: "providers:\n" + releaseProvider("foo", "BootstrapProvider", "config/default", "ghcr.io/acme/foo-bootstrap", "ghcr.io/acme/foo-bootstrap:v1.2.0")}
}

// templatesFromOneFolder: cp templates/cluster-template*.yaml ships templates/ only,
// not a file of the same pattern elsewhere.
func templatesFromOneFolder() releaseCase {
	f := fooTree(releaseTemplatesRule, files{"templates/cluster-template.yaml": cluster("default"), "templates/cluster-template-ha.yaml": cluster("ha"),
		"contrib/cluster-template-contrib.yaml": cluster("contrib")})
	return releaseCase{name: "cp dir/cluster-template*.yaml ships that folder", files: f,
		config:  []string{"# - path: contrib/cluster-template-contrib.yaml # cluster-template-contrib.yaml is not in the release (Makefile:15"},
		release: fooRelease(fooName, fooImage, "path: templates")}
}

// mixedCaseFlavor: the release copies a template under a flavor name with upper-case
// letters (Harvester's cluster-template-generateCPI.yaml): clusterctl names the file
// from the flavor as typed, so init keeps the name.
func mixedCaseFlavor() releaseCase {
	f := fooTree("\nrelease-templates:\n\tcp templates/cluster-template.yaml $(RELEASE_DIR)/\n"+
		"\tcp templates/cluster-template-rke2-generateCPI.yaml $(RELEASE_DIR)/cluster-template-generateCPI.yaml\n",
		files{"templates/cluster-template.yaml": cluster("default"), "templates/cluster-template-rke2-generateCPI.yaml": cluster("cpi")})
	return releaseCase{name: "a flavor with upper-case letters", files: f,
		config:  []string{`{flavor: "generateCPI", path: templates/cluster-template-rke2-generateCPI.yaml} # the release copies it as cluster-template-generateCPI.yaml (Makefile:`},
		release: fooRelease(fooName, fooImage, "path: templates/cluster-template.yaml", "{flavor: generateCPI, path: templates/cluster-template-rke2-generateCPI.yaml}")}
}

// overlaysRenderAddons: an overlays tree whose calico leaf renders add-ons in
// kube-system, no Cluster; nothing says which templates the release ships (taken here
// to be the two overlays that render a Cluster; init asks).
func overlaysRenderAddons() releaseCase {
	f := fooTree("", nil)
	flavor(f, "templates/overlays/default", "default")
	flavor(f, "templates/overlays/ha", "ha")
	f["templates/overlays/calico/kustomization.yaml"] = "resources:\n- calico.yaml\n"
	f["templates/overlays/calico/calico.yaml"] = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: calico-config\n  namespace: kube-system\ndata:\n  veth_mtu: \"1440\"\n"
	return releaseCase{name: "overlays that render add-ons", files: f,
		config:  []string{"# - {flavor: \"calico\", kustomize: templates/overlays/calico} # templates/overlays/calico renders no Cluster (ConfigMap): not a flavor"},
		asks:    []string{"infrastructure-foo templates"},
		release: fooRelease(fooName, fooImage, `{flavor: "", kustomize: templates/overlays/default}`, "{flavor: ha, kustomize: templates/overlays/ha}")}
}

// devTargetFlavor: make create-workload-cluster renders a development flavor; the
// release ships the generated templates.
func devTargetFlavor() releaseCase {
	f := fooTree("ARTIFACTS ?= _artifacts\n\ngenerate-flavors:\n\t$(KUSTOMIZE) build templates/flavors/default > templates/cluster-template.yaml\n"+
		"\t$(KUSTOMIZE) build templates/flavors/ha > templates/cluster-template-ha.yaml\n\ncreate-workload-cluster:\n"+
		"\t$(KUSTOMIZE) build templates/flavors/dev > $(ARTIFACTS)/cluster-template-dev.yaml\n\tkubectl apply -f $(ARTIFACTS)/cluster-template-dev.yaml\n"+releaseTemplatesRule, nil)
	for _, d := range []string{"default", "ha", "dev"} {
		flavor(f, "templates/flavors/"+d, d)
	}
	return releaseCase{name: "a development target's flavor", files: f,
		config:  []string{"# - {flavor: \"dev\", kustomize: templates/flavors/dev} # rendered by Makefile:20 (create-workload-cluster), a development target: not shipped"},
		release: fooRelease(fooName, fooImage, `{flavor: "", kustomize: templates/flavors/default}`, "{flavor: ha, kustomize: templates/flavors/ha}")}
}

// helmPlaceholders: a Helm chart's templates/ holds cluster-template.yaml and a
// ClusterClass with Helm expressions; nothing says which templates the release ships
// (taken here to be templates/cluster-template.yaml; init asks).
func helmPlaceholders() releaseCase {
	f := fooTree("", files{"templates/cluster-template.yaml": cluster("default"),
		"charts/foo/Chart.yaml":                      "apiVersion: v2\nname: foo\nversion: 0.1.0\n",
		"charts/foo/templates/cluster-template.yaml": "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: {{ .Values.cluster.name }}\n",
		"charts/foo/templates/clusterclass.yaml":     "apiVersion: cluster.x-k8s.io/v1beta1\nkind: ClusterClass\nmetadata:\n  name: {{ .Values.class.name }}\n"})
	return releaseCase{name: "Helm chart placeholders", files: f,
		config:  []string{"# charts/foo is a Helm chart (Chart.yaml): its templates are Helm's, not cluster templates; not read"},
		asks:    []string{"infrastructure-foo templates"},
		release: fooRelease(fooName, fooImage, "path: templates/cluster-template.yaml")}
}

// continuedAndPiped: the release renders flavors on lines continued with \ and
// written through a pipe (install -D /dev/fd/0, tee).
func continuedAndPiped() releaseCase {
	f := fooTree("\nrelease-templates: $(RELEASE_DIR)\n\t$(KUSTOMIZE) build \\\n\t\ttemplates/flavors/default | install -D /dev/fd/0 $(RELEASE_DIR)/cluster-template.yaml\n"+
		"\t$(KUSTOMIZE) build templates/flavors/ha \\\n\t\t--load-restrictor LoadRestrictionsNone | tee $(RELEASE_DIR)/cluster-template-ha.yaml > /dev/null\n", nil)
	for _, d := range []string{"default", "ha", "experimental"} {
		flavor(f, "templates/flavors/"+d, d)
	}
	return releaseCase{name: "continued lines and renders through a pipe", files: f,
		config: []string{`- {flavor: "", kustomize: templates/flavors/default} # rendered by Makefile:15`,
			`# - {flavor: "experimental", kustomize: templates/flavors/experimental} # not rendered by the release build`},
		release: fooRelease(fooName, fooImage, `{flavor: "", kustomize: templates/flavors/default}`, "{flavor: ha, kustomize: templates/flavors/ha, loadRestrictor: none}")}
}

// ipamOwnGroup: an IPAM provider whose CRDs are in its own group; the provider label
// says ipam-foo.
func ipamOwnGroup() releaseCase {
	f := files{"metadata.yaml": metadataYAML, "Makefile": "RELEASE_DIR ?= out\nIMG ?= ghcr.io/acme/foo-ipam\n\nrelease-manifests:\n" +
		"\tcd config/manager && $(KUSTOMIZE) edit set image controller=$(IMG):$(RELEASE_TAG)\n" +
		"\t$(KUSTOMIZE) build config/default > $(RELEASE_DIR)/ipam-components.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n"}
	f.kubebuilder(".", "foo", "ipam.foo.example.com", "ipam-foo", "ghcr.io/acme/foo-ipam:latest", "FooIPPool", "FooIPRange")
	return releaseCase{name: "an IPAM provider in its own group", files: f,
		config:  []string{"type: IPAMProvider # its CRDs serve ipam.foo.example.com, no cluster.x-k8s.io group: the cluster.x-k8s.io/provider label ipam-foo names the type"},
		release: "providers:\n" + releaseProvider("foo", "IPAMProvider", "config/default", "ghcr.io/acme/foo-ipam", "ghcr.io/acme/foo-ipam:v1.2.0")}
}

// renamedComponents: the release ships controlplane-components.yaml, copied from the
// render of config/default; the docs point clusterctl at it.
func renamedComponents() releaseCase {
	f := files{"metadata.yaml": metadataYAML, "Makefile": "DIST_DIR ?= ./dist\n\nbuild-installer:\n\tmkdir -p $(DIST_DIR)\n" +
		"\t$(KUSTOMIZE) build config/default > ${DIST_DIR}/install.yaml\n\n.PHONY: generate-published-manifests\ngenerate-published-manifests: build-installer\n" +
		"\tcp $(DIST_DIR)/install.yaml controlplane-components.yaml\n",
		".github/workflows/release.yaml": "name: Release\non:\n  push:\n    tags:\n      - 'v[0-9]+.[0-9]+.[0-9]+'\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n" +
			"      - uses: actions/checkout@v4\n      - name: Set tags on manifests\n        run: |\n" +
			"          sed -i \"s,ghcr.io/acme/foo-controlplane:latest,ghcr.io/acme/foo-controlplane:${GITHUB_REF_NAME},\" controlplane-components.yaml\n" +
			"      - uses: softprops/action-gh-release@v2\n        with:\n          files: |\n            controlplane-components.yaml\n            metadata.yaml\n",
		"docs/install.md": "```yaml\nproviders:\n  - name: \"foo\"\n    url: \"https://github.com/acme/foo/releases/latest/download/controlplane-components.yaml\"\n    type: \"ControlPlaneProvider\"\n```\n"}
	f.kubebuilder(".", "foo", cp, "control-plane-foo", "ghcr.io/acme/foo-controlplane:latest", "FooControlPlane")
	return releaseCase{name: "a renamed components file", files: f,
		config: []string{"componentsFile: controlplane-components.yaml # the release ships it (.github/workflows/release.yaml:17): Makefile:9 copies dist/install.yaml to controlplane-components.yaml; Makefile:5 renders config/default to dist/install.yaml"},
		release: `providers:
- name: foo
  type: ControlPlaneProvider
  componentsFile: controlplane-components.yaml
  components:
    kustomize: config/default
    images:
    - {name: ghcr.io/acme/foo-controlplane, newTag: v1.2.0}
  metadata: metadata.yaml
`}
}

// symlinkedRoot: init reads a checkout reached through a symbolic link, as build does.
func symlinkedRoot() releaseCase {
	return releaseCase{name: "a root reached through a symbolic link", files: fooTree("", nil), link: true, release: fooRelease(fooName, fooImage)}
}
