package bigtree

import (
	"fmt"
	"strings"
)

// CRD is a CustomResourceDefinition of about 70 KB with a nested schema.
func CRD(kind string) string {
	lower := strings.ToLower(kind)
	var props strings.Builder
	for i := range 60 {
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
