package scaffold

import "strings"

const (
	infra = "infrastructure.cluster.x-k8s.io"
	boot  = "bootstrap.cluster.x-k8s.io"
	cp    = "controlplane.cluster.x-k8s.io"
)

var infraKinds = []string{"FooCluster", "FooClusterTemplate", "FooMachine", "FooMachineTemplate"}

const releaseMakefile = `PROD_REGISTRY ?= registry.k8s.io/foo
IMAGE_NAME ?= foo-controller
release-manifests:
	$(MAKE) set-manifest-pull-policy PULL_POLICY=IfNotPresent
`

// kubebuilderLayout: one provider at the root, image set by config/manager's images:,
// templates as files in templates/, a second components file the Makefile builds from
// config/supervisor (CRDs of a sub-group, as CAPV's vmware.infrastructure), and a tilt
// overlay that is not released.
func kubebuilderLayout() files {
	f := files{"metadata.yaml": metadataYAML, "Makefile": releaseMakefile +
		"	$(KUSTOMIZE) build $(BUILD_DIR)/config/supervisor > $(MANIFEST_DIR)/infrastructure-components-supervisor.yaml\n"}
	sup := files{}
	sup.componentsTree(".", "foo", "vmware."+infra, "infrastructure-foo", "controller:latest", "VSphereCluster", "VSphereMachine")
	for k, v := range sup {
		if strings.HasPrefix(k, "config/crd/") {
			k = strings.Replace(k, "config/crd/", "config/supervisor/crd/", 1)
		}
		if k == "config/default/kustomization.yaml" {
			k, v = "config/supervisor/kustomization.yaml", strings.Replace(v, "../crd", "crd\n- role.yaml", 1)
		}
		if !strings.HasPrefix(k, "config/manager/") {
			f[k] = v
		}
	}
	// the core's ClusterRole does not cover the sub-group: CAPV's manager role aggregates
	f["config/supervisor/role.yaml"] = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: manager-role\n  labels:\n    cluster.x-k8s.io/aggregate-to-manager: \"true\"\nrules:\n- apiGroups: [vmware." + infra + "]\n  resources: ['*']\n  verbs: [create, delete, get, list, patch, update, watch]\n"
	f["config/supervisor-tilt/kustomization.yaml"] = "resources:\n- ../supervisor\n"
	f.componentsTree(".", "foo", infra, "infrastructure-foo", "controller:latest", infraKinds...)
	f["config/manager/kustomization.yaml"] = "resources:\n- manager.yaml\nimages:\n- name: controller\n  newName: gcr.io/k8s-staging-foo/foo-controller\n  newTag: main\n"
	f["templates/cluster-template.yaml"] = cluster("default") + "---\n" + machineDeployment
	f["templates/cluster-template-ha.yaml"] = cluster("ha")
	f["templates/clusterclass-quick.yaml"] = clusterClass("quick")
	f["templates/README.md"] = "templates\n"
	return f
}

// capiLayout: core, kubeadm bootstrap and control plane, and CAPD with templates under
// test/infrastructure; e2e data and a generated runtime-sdk-openapi.yaml.
func capiLayout() files {
	f := files{"metadata.yaml": metadataYAML,
		"Makefile": "PROD_REGISTRY ?= registry.k8s.io/cluster-api\nIMAGE_NAME ?= cluster-api-controller\nKUBEADM_BOOTSTRAP_IMAGE_NAME ?= kubeadm-bootstrap-controller\n" +
			"TEST_DIR := test\nCAPD_DIR := $(TEST_DIR)/infrastructure/docker\n" +
			"generate-openapi:\n\tgo run ./hack/openapi > runtime-sdk-openapi.yaml\n" +
			"release-manifests-dev:\n\tcd $(CAPD_DIR); $(KUSTOMIZE) build config/default > ../../../out/infrastructure-components-development.yaml\n"}
	f.componentsTree(".", "capi", "cluster.x-k8s.io", "cluster-api", "gcr.io/k8s-staging-cluster-api/cluster-api-controller:dev", "Cluster", "Machine")
	f.componentsTree("bootstrap/kubeadm", "capi-kubeadm-bootstrap", boot, "bootstrap-kubeadm", "gcr.io/k8s-staging-cluster-api/kubeadm-bootstrap-controller:dev", "KubeadmConfig", "KubeadmConfigTemplate")
	f.componentsTree("controlplane/kubeadm", "capi-kubeadm-control-plane", cp, "control-plane-kubeadm", "gcr.io/k8s-staging-cluster-api/kubeadm-control-plane-controller:dev", "KubeadmControlPlane", "KubeadmControlPlaneTemplate")
	f.componentsTree("test/infrastructure/docker", "capd", infra, "infrastructure-docker", "gcr.io/k8s-staging-cluster-api/capd-manager:dev", "DockerCluster", "DockerClusterTemplate", "DockerMachine", "DockerMachineTemplate")
	f.componentsTree("test/infrastructure/inmemory", "capim", "vcsim."+infra, "infrastructure-in-memory", "gcr.io/k8s-staging-cluster-api/capim-manager:dev", "InMemoryCluster", "InMemoryMachine")
	f["test/infrastructure/docker/templates/cluster-template.yaml"] = cluster("docker")
	f["test/infrastructure/docker/templates/cluster-template-dev.yaml"] = cluster("dev")
	f["test/infrastructure/docker/templates/clusterclass-quick-start.yaml"] = clusterClass("quick-start")
	f["test/e2e/data/infrastructure-docker/main/cluster-template/kustomization.yaml"] = "resources: [cluster.yaml]\n"
	f["test/e2e/data/infrastructure-docker/main/cluster-template/cluster.yaml"] = cluster("e2e")
	return f
}

// capzLayout: flavors sharing a base and an identity folder loaded from outside the
// flavor (LoadRestrictionsNone in hack/gen-flavors.sh), generated copies committed,
// and a remote Azure Service Operator release in the components.
func capzLayout(asoURL string) files {
	f := files{"metadata.yaml": metadataYAML, "Makefile": releaseMakefile,
		"hack/gen-flavors.sh": "for name in $(ls templates/flavors | grep -v base); do\n  kustomize build --load-restrictor LoadRestrictionsNone templates/flavors/$name > templates/cluster-template-$name.yaml\ndone\n"}
	f.componentsTree(".", "capz", infra, "infrastructure-azure", "gcr.io/k8s-staging-foo/foo-controller:main", infraKinds...)
	f["config/default/kustomization.yaml"] += "components:\n- ../aso\n"
	f["config/aso/kustomization.yaml"] = "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n- " + asoURL + "\n"
	f["templates/flavors/base/kustomization.yaml"] = "resources: [cluster.yaml]\n"
	f["templates/flavors/base/cluster.yaml"] = cluster("base")
	f["templates/azure-cluster-identity/kustomization.yaml"] = "resources: [identity.yaml]\n"
	f["templates/azure-cluster-identity/identity.yaml"] = "apiVersion: infrastructure.cluster.x-k8s.io/v1beta1\nkind: AzureClusterIdentity\nmetadata:\n  name: ${CLUSTER_IDENTITY_NAME}\n  namespace: ${NAMESPACE}\nspec:\n  type: WorkloadIdentity\n"
	f["templates/azure-cluster-identity/identity-ref.yaml"] = "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n  namespace: ${NAMESPACE}\n  annotations:\n    identity: ${CLUSTER_IDENTITY_NAME}\n"
	for _, fl := range []string{"default", "ha"} {
		f["templates/flavors/"+fl+"/kustomization.yaml"] = "resources:\n- ../base\n- machine-deployment.yaml\n- ../../azure-cluster-identity\npatches:\n- path: ../../azure-cluster-identity/identity-ref.yaml\n"
		f["templates/flavors/"+fl+"/machine-deployment.yaml"] = machineDeployment
	}
	f["templates/cluster-template.yaml"] = cluster("generated")
	f["templates/cluster-template-ha.yaml"] = cluster("generated")
	return f
}

// hetznerLayout: flavors that load shared files from a bases folder, named by the
// Makefile (one folder gives two flavors), a nested md-1 folder, and a ClusterClass
// source file not named clusterclass-*.yaml.
func hetznerLayout() files {
	v := "templates/cluster-templates/v1beta1/"
	f := files{"metadata.yaml": metadataYAML, "Makefile": "cluster-templates:\n" +
		"\t$(KUSTOMIZE) build " + v + "hcloud --load-restrictor LoadRestrictionsNone  > generated/cluster-template.yaml\n" +
		"\t$(KUSTOMIZE) build " + v + "hcloud --load-restrictor LoadRestrictionsNone  > generated/cluster-template-hcloud.yaml\n" +
		"\t$(KUSTOMIZE) build " + v + "hcloud-network --load-restrictor LoadRestrictionsNone  > generated/cluster-template-hcloud-network.yaml\n"}
	f.componentsTree(".", "caph", infra, "infrastructure-hetzner", "ghcr.io/syself/caph-staging:latest", infraKinds...)
	f[v+"bases/cluster.yaml"] = cluster("hcloud")
	f[v+"bases/md.yaml"] = machineDeployment
	f[v+"bases/network-patch.yaml"] = "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n  namespace: ${NAMESPACE}\n  labels:\n    network: ${HCLOUD_NETWORK:=on}\n"
	f[v+"hcloud/kustomization.yaml"] = "resources:\n- ../bases/cluster.yaml\n- md-1\n"
	f[v+"hcloud/md-1/kustomization.yaml"] = "resources:\n- ../../bases/md.yaml\n"
	f[v+"hcloud-network/kustomization.yaml"] = "resources:\n- ../bases/cluster.yaml\npatches:\n- path: ../bases/network-patch.yaml\n"
	f[v+"cluster-class.yaml"] = clusterClass("hetzner")
	f[v+"cluster-class-topology-example.yaml"] = cluster("topology")
	return f
}

// rke2Layout: bootstrap and control plane from one tree; example templates are not
// released.
func rke2Layout() files {
	f := files{"metadata.yaml": metadataYAML}
	f.componentsTree("bootstrap", "rke2-bootstrap", boot, "bootstrap-rke2", "ghcr.io/rancher/cluster-api-provider-rke2-bootstrap:dev", "RKE2Config", "RKE2ConfigTemplate")
	f.componentsTree("controlplane", "rke2-control-plane", cp, "control-plane-rke2", "ghcr.io/rancher/cluster-api-provider-rke2-controlplane:dev", "RKE2ControlPlane", "RKE2ControlPlaneTemplate")
	f["examples/templates/docker/cluster-template.yaml"] = cluster("example")
	return f
}

// k0smotronLayout: three provider types from config/clusterapi/<type> sharing one
// manager, an "all" folder mixing the types, a standalone mode without cluster.x-k8s.io
// CRDs, the release image in the Makefile's IMG, templates at the root.
func k0smotronLayout() files {
	f := files{"metadata.yaml": metadataYAML, "Makefile": "IMG ?= quay.io/k0sproject/k0smotron:latest\n",
		"config/manager/kustomization.yaml": "resources:\n- manager.yaml\nimages:\n- name: controller\n  newName: k0s/k0smotron\n  newTag: latest\n",
		"config/manager/manager.yaml":       manager("controller:latest")}
	all := "namespace: k0smotron\nresources:\n- ../../manager\n"
	for typ, g := range map[string]struct{ group, kind string }{"bootstrap": {boot, "K0sWorkerConfig"}, "controlplane": {cp, "K0sControlPlane"}, "infrastructure": {infra, "RemoteMachine"}} {
		d := "config/clusterapi/" + typ + "/"
		f[d+"kustomization.yaml"] = "namespace: k0smotron\nnamePrefix: k0smotron-\nnameSuffix: -" + typ + "\nlabels:\n- includeSelectors: true\n  pairs:\n    cluster.x-k8s.io/provider: k0sproject-k0smotron\nresources:\n- ./crd\n- ../../manager\n"
		f[d+"crd/kustomization.yaml"] = "labels:\n- pairs:\n    cluster.x-k8s.io/v1beta1: v1beta1\nresources:\n- " + g.kind + ".yaml\n- " + g.kind + "Template.yaml\n"
		f[d+"crd/"+g.kind+".yaml"] = crd(g.group, g.kind)
		f[d+"crd/"+g.kind+"Template.yaml"] = crd(g.group, g.kind+"Template")
		all += "- ../" + typ + "/crd\n"
	}
	f["config/clusterapi/all/kustomization.yaml"] = all
	f["config/standalone/kustomization.yaml"] = "resources:\n- cluster.yaml\n- ../manager\n"
	f["config/standalone/cluster.yaml"] = crd("k0smotron.io", "Cluster")
	f["templates/cluster-template.yaml"] = cluster("k0s")
	f["templates/cluster-template-hcp.yaml"] = cluster("hcp")
	return f
}

// capaLayout: one infrastructure provider whose components also serve bootstrap and
// control-plane CRDs (CAPA's EKS); the provider label says which type it is.
func capaLayout() files {
	f := files{"metadata.yaml": metadataYAML}
	f.componentsTree(".", "capa", infra, "infrastructure-aws", "gcr.io/k8s-staging-cluster-api-aws/cluster-api-aws-controller:dev", "AWSCluster", "AWSMachine")
	f["config/crd/bases/eksconfigs.yaml"] = crd(boot, "EKSConfig")
	f["config/crd/bases/awsmanagedcontrolplanes.yaml"] = crd(cp, "AWSManagedControlPlane")
	f["config/crd/kustomization.yaml"] += "- bases/eksconfigs.yaml\n- bases/awsmanagedcontrolplanes.yaml\n"
	return f
}
