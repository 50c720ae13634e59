package manifest

import (
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// renderedCRD is written as kustomize renders: keys sorted, sequences at their key's
// indentation, block descriptions.
const renderedCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: foomachines.infrastructure.foo.io
spec:
  group: infrastructure.foo.io
  versions:
  - name: v1beta2
    schema:
      openAPIV3Schema:
        description: |-
          FooMachine is a machine.
          status: not a key
        properties:
          apiVersion:
            type: string
          spec:
            properties:
              image:
                type: string
              providerID:
                description: providerID is
                  the ID.
                type: string
            required:
            - image
            type: object
          status:
            properties:
              addresses:
                items:
                  properties:
                    address:
                      type: string
                    extra:
                      type: string
                    type:
                      enum:
                      - Hostname
                      type: string
                  type: object
                type: array
              initialization:
                properties:
                  provisioned:
                    type: boolean
                type: object
              other:
                x-kubernetes-preserve-unknown-fields: true
            type: object
        type: object
    served: true
    storage: true
    subresources:
      status: {}
`

// TestSchemaPruningTextMatchesNodes: the rendered-text pruning (crdfast.BlankSchemas) and the
// node pruning (slim) keep the same contract paths, and only them.
func TestSchemaPruningTextMatchesNodes(t *testing.T) {
	t.Parallel()
	fromNodes, err := SplitWith([]byte(renderedCRD), Options{Slim: testKept})
	if err != nil {
		t.Fatal(err)
	}
	text := crdfast.BlankSchemas([]byte(renderedCRD), testKept.tree)
	if strings.Count(string(text), "\n") != strings.Count(renderedCRD, "\n") {
		t.Fatalf("BlankSchemas changed the line count")
	}
	fromText, err := Split(text)
	if err != nil {
		t.Fatalf("parsing the pruned text: %v\n%s", err, text)
	}
	if !reflect.DeepEqual(fromNodes[0].Obj, fromText[0].Obj) {
		t.Errorf("node pruning %v\ntext pruning %v", fromNodes[0].Obj, fromText[0].Obj)
	}
	schema := fromNodes[0].Obj.Slice("spec", "versions")[0].(map[string]any)["schema"].(map[string]any)["openAPIV3Schema"].(map[string]any)
	props := schema["properties"].(map[string]any)
	if _, ok := props["apiVersion"]; ok {
		t.Errorf("apiVersion kept: %v", props)
	}
	spec := props["spec"].(map[string]any)
	if _, ok := spec["required"]; ok || spec["properties"].(map[string]any)["providerID"] == nil {
		t.Errorf("spec pruned wrongly: %v", spec)
	}
	addr := props["status"].(map[string]any)["properties"].(map[string]any)["addresses"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)
	if len(addr) != 2 || addr["type"] == nil || addr["address"] == nil {
		t.Errorf("addresses items: %v", addr)
	}
	if _, ok := schema["description"]; ok {
		t.Errorf("description kept")
	}
}

// testKept keeps a few paths of each form (a leaf, a sequence's items, ".*").
var testKept = KeepPaths("spec.providerID", "spec.machineTemplate.*", "status.addresses.type",
	"status.addresses.address", "status.initialization.provisioned")
