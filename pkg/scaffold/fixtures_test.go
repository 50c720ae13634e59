package scaffold

import (
	"fmt"
	"strings"
)

// files is a fixture tree: slash path -> content.
type files map[string]string

// componentsTree writes a kubebuilder components layout under dir/config: default
// (namespace, prefix, optional provider label), crd (kinds of group with the v1beta1
// contract label) and manager (a Namespace and the manager Deployment with image).
func (f files) componentsTree(dir, name, group, label, image string, kinds ...string) {
	p := func(rel string) string { return strings.TrimPrefix(dir+"/config/"+rel, "./") }
	def := fmt.Sprintf("namespace: %s-system\nnamePrefix: %s-\nresources:\n- ../crd\n- ../manager\n", name, name)
	if label != "" {
		def += "labels:\n- pairs:\n    cluster.x-k8s.io/provider: " + label + "\n"
	}
	f[p("default/kustomization.yaml")] = def
	crds := "labels:\n- pairs:\n    cluster.x-k8s.io/v1beta1: v1beta1\nresources:\n"
	for _, k := range kinds {
		file := fmt.Sprintf("bases/%s_%ss.yaml", group, strings.ToLower(k))
		crds += "- " + file + "\n"
		f[p("crd/"+file)] = crd(group, k)
	}
	f[p("crd/kustomization.yaml")] = crds
	f[p("manager/kustomization.yaml")] = "resources:\n- manager.yaml\n"
	f[p("manager/manager.yaml")] = manager(image)
}

func crd(group, kind string) string {
	plural := strings.ToLower(kind) + "s"
	return fmt.Sprintf(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: %[1]s.%[2]s
spec:
  group: %[2]s
  names:
    kind: %[3]s
    listKind: %[3]sList
    plural: %[1]s
    singular: %[4]s
  scope: Namespaced
  versions:
  - name: v1beta1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
`, plural, group, kind, strings.ToLower(kind))
}

func manager(image string) string {
	return `apiVersion: v1
kind: Namespace
metadata:
  name: system
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
spec:
  selector:
    matchLabels: {control-plane: controller-manager}
  template:
    metadata:
      labels: {control-plane: controller-manager}
    spec:
      containers:
      - name: manager
        image: ` + image + "\n"
}

const metadataYAML = "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 2, contract: v1beta1}\n"

// cluster is a Cluster template with a flavor-specific marker variable.
func cluster(marker string) string {
	return `apiVersion: cluster.x-k8s.io/v1beta1
kind: Cluster
metadata:
  name: ${CLUSTER_NAME}
  namespace: ${NAMESPACE}
  labels:
    flavor: ` + marker + `
spec:
  clusterNetwork:
    pods:
      cidrBlocks: ["${POD_CIDR:=192.168.0.0/16}"]
`
}

// machineDeployment is a flavor part with a replicas variable.
const machineDeployment = `apiVersion: cluster.x-k8s.io/v1beta1
kind: MachineDeployment
metadata:
  name: ${CLUSTER_NAME}-md-0
  namespace: ${NAMESPACE}
spec:
  clusterName: ${CLUSTER_NAME}
  replicas: ${WORKER_MACHINE_COUNT}
`

// clusterClass is a ClusterClass named name, without variables.
func clusterClass(name string) string {
	return `apiVersion: cluster.x-k8s.io/v1beta1
kind: ClusterClass
metadata:
  name: ` + name + `
spec:
  infrastructure:
    ref:
      apiVersion: infrastructure.cluster.x-k8s.io/v1beta1
      kind: FooClusterTemplate
      name: ` + name + `
`
}
