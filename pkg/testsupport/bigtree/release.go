package bigtree

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// Release is the files of one published release of a provider shaped like CAPZ:
// a components file of at least size bytes (Namespace, RBAC, the manager Deployment
// with its image and ${VAR} arguments, then CustomResourceDefinitions written as
// controller-gen and kustomize write them: block style, two versions, long
// descriptions), metadata.yaml and a cluster template. Release n+1 of the same size is
// what a next minor release changes: the image tag, the controller-gen version
// annotation of every CRD (so no CRD document is the same text), the descriptions of
// every tenth CRD, a v1beta2 version (now the storage version) in the first CRD, one CRD
// more, one variable more and a metadata series more.
func Release(size, n int) map[string][]byte { return ReleaseWith(size, n, true) }

// ReleaseWith is Release; bumpGenerator false keeps the controller-gen annotation, so
// that the CRDs the next release does not change are the same text.
func ReleaseWith(size, n int, bumpGenerator bool) map[string][]byte {
	gen := 5
	if bumpGenerator {
		gen += n
	}
	var b strings.Builder
	b.Grow(size + 64<<10)
	fmt.Fprintf(&b, releaseManager, n, n)
	if n > 0 {
		b.WriteString("        - --zone=${AZURE_ZONE:=1}\n")
	}
	extra := 0
	for i := 0; b.Len() < size || i < 2 || extra < n; i++ {
		if b.Len() >= size {
			extra++
		}
		b.WriteString("---\n")
		b.WriteString(controllerGenCRD(fmt.Sprintf("AzureThing%03d", i), i, n, gen))
	}
	series := "- {major: 1, minor: 0, contract: v1beta1}\n"
	for i := 1; i <= n; i++ {
		series += fmt.Sprintf("- {major: 1, minor: %d, contract: v1beta1}\n", i)
	}
	return map[string][]byte{
		"infrastructure-components.yaml": []byte(b.String()),
		layout.MetadataFile:              []byte("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n" + series),
		"cluster-template.yaml":          []byte(releaseTemplate),
	}
}

// controllerGenCRD is a CRD of about 90 KB: v1alpha1 (served) and v1beta1 (storage),
// each with a schema of 40 documented fields.
func controllerGenCRD(kind string, i, n, gen int) string {
	lower := strings.ToLower(kind)
	note := "Field %[1]d configures one aspect of the %[2]s infrastructure. It is written the way\n                        controller-gen writes kubebuilder comments: several sentences, wrapped."
	if n > 0 && i%10 == 0 {
		note += " Changed in the next release."
	}
	var props strings.Builder
	for f := range 40 {
		fmt.Fprintf(&props, "                    field%02[1]d:\n                      description: |-\n                        %s\n                      properties:\n"+
			"                        name:\n                          description: Name of the referenced object.\n                          type: string\n"+
			"                        sizeGiB:\n                          format: int32\n                          type: integer\n"+
			"                      type: object\n", f, fmt.Sprintf(note, f, kind))
	}
	versions := crdVersion("v1alpha1", props.String(), true, false) + crdVersion("v1beta1", props.String(), true, !(n > 0 && i == 0))
	if n > 0 && i == 0 {
		versions += crdVersion("v1beta2", props.String(), true, true)
	}
	return fmt.Sprintf(releaseCRD, kind, lower, versions, gen)
}

func crdVersion(name, props string, served, storage bool) string {
	return fmt.Sprintf(`  - name: %s
    schema:
      openAPIV3Schema:
        description: The %s schema.
        properties:
          spec:
            properties:
              nested:
                properties:
%s                type: object
            type: object
        type: object
    served: %t
    storage: %t
    subresources:
      status: {}
`, name, name, props, served, storage)
}

const releaseCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  annotations:
    cert-manager.io/inject-ca-from: capz-system/capz-serving-cert
    controller-gen.kubebuilder.io/version: v0.16.%[4]d
  labels:
    cluster.x-k8s.io/provider: infrastructure-azure
    cluster.x-k8s.io/v1beta1: v1beta1
  name: %[2]ss.infrastructure.cluster.x-k8s.io
spec:
  group: infrastructure.cluster.x-k8s.io
  names:
    categories:
    - cluster-api
    kind: %[1]s
    listKind: %[1]sList
    plural: %[2]ss
    singular: %[2]s
  scope: Namespaced
  versions:
%[3]s`

const releaseManager = `apiVersion: v1
kind: Namespace
metadata:
  labels:
    cluster.x-k8s.io/provider: infrastructure-azure
  name: capz-system
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: capz-manager-role
rules:
- apiGroups:
  - infrastructure.cluster.x-k8s.io
  resources:
  - '*'
  verbs:
  - get
  - list
  - watch
---
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    cluster.x-k8s.io/provider: infrastructure-azure
  name: capz-controller-manager
  namespace: capz-system
spec:
  selector:
    matchLabels:
      control-plane: capz-controller-manager
  template:
    metadata:
      labels:
        control-plane: capz-controller-manager
    spec:
      containers:
      - image: registry.k8s.io/cluster-api-azure/cluster-api-azure-controller:v1.%d.0
        name: manager
        ports:
        - containerPort: 9443
          name: webhook-server
        # release %d
        args:
        - --leader-elect
        - --feature-gates=MachinePool=${EXP_MACHINE_POOL:=true}
`

const releaseTemplate = `apiVersion: cluster.x-k8s.io/v1beta1
kind: Cluster
metadata:
  name: ${CLUSTER_NAME}
spec:
  infrastructureRef:
    apiVersion: infrastructure.cluster.x-k8s.io/v1beta1
    kind: AzureCluster
    name: ${CLUSTER_NAME}
`
