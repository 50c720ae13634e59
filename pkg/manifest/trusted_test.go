package manifest

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// crdAsWritten is a CRD as kustomize writes it (sorted keys, "- " at the key's indentation).
const crdAsWritten = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  labels:
    cluster.x-k8s.io/v1beta1: v1alpha1
  name: things.x.io
spec:
  group: x.io
  validation:
    openAPIV3Schema:
      type: object
  versions:
  - name: v1alpha1
    schema:
      openAPIV3Schema:
        description: |-
          Thing is a thing.

          schema: not a key
        properties:
          schema:
            type: string
    served: true
    storage: true
  - name: v1alpha2
    schema:
      openAPIV3Schema:
        type: object
    served: false
status:
  acceptedNames:
    kind: ""
`

// TestBlankSchemasKeepsLines: only the contract paths of a schema stay (crdschema.go).
func TestBlankSchemasKeepsLines(t *testing.T) {
	t.Parallel()
	got := string(crdfast.BlankSchemas([]byte(crdAsWritten), testKept.tree))
	if strings.Count(got, "\n") != strings.Count(crdAsWritten, "\n") || strings.Contains(got, "description") || strings.Contains(got, "          schema:") || strings.Contains(got, "not a key") {
		t.Fatalf("schemas not blanked line for line:\n%s", got)
	}
	full, err := Split([]byte(crdAsWritten))
	if err != nil {
		t.Fatal(err)
	}
	blank, err := Split([]byte(got))
	if err != nil {
		t.Fatal(err)
	}
	d, b := full[0], blank[0]
	for _, path := range [][]string{{"spec", "versions"}, {"status", "acceptedNames", "kind"}, {"metadata", "labels"}, {"spec", "group"}} {
		if d.LineOf(path...) != b.LineOf(path...) {
			t.Errorf("line of %v: %d, want %d", path, b.LineOf(path...), d.LineOf(path...))
		}
	}
	v := b.Obj.Slice("spec", "versions")
	if len(v) != 2 || v[1].(map[string]any)["served"] != false || b.Obj.String("status", "acceptedNames", "kind") != "" {
		t.Errorf("objects around the schemas lost: %v", b.Obj)
	}
	other := "apiVersion: v1\nkind: ConfigMap\nspec:\n  versions:\n  - name: x\n    schema:\n      a: b\n"
	if string(crdfast.BlankSchemas([]byte(other), testKept.tree)) != other {
		t.Error("a document that is not a CRD was changed")
	}
}
