package manifest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
	mutants "github.com/capirepo/capirepo/pkg/testsupport/mutate"
	yaml "go.yaml.in/yaml/v3"
)

// twoVersionCRD is written as controller-gen and kustomize write CRDs: two versions,
// fields after each schema (served, storage, subresources) whose lines must survive.
const twoVersionCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  labels:
    cluster.x-k8s.io/v1beta1: v1alpha1_v1beta1
  name: widgets.infrastructure.example.com
spec:
  group: infrastructure.example.com
  names:
    kind: Widget
    plural: widgets
  scope: Namespaced
  versions:
  - name: v1alpha1
    schema:
      openAPIV3Schema:
        description: Widget is the old form.
        properties:
          spec:
            type: object

        type: object
    served: true
    storage: false
  - name: v1beta1
    schema:
      openAPIV3Schema:
        properties:
          spec:
            properties:
              size:
                description: "Size in \"GB\"."
                type: integer
            type: object
        type: object
    served: true
    storage: true
    subresources:
      status: {}
status:
  storedVersions: [v1beta1]
`

// validationCRD is an apiextensions v1beta1 CRD: one spec.validation schema.
const validationCRD = `apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata:
  name: olds.example.com
spec:
  group: example.com
  validation:
    openAPIV3Schema:
      type: object
  versions:
  - name: v1
    served: true
    storage: true
`

// TestOutlineMatchesFullParse: every document of the fixtures outlined gives the
// objects and lines of the full parse, with each schema's text parsing to the full
// parse's schema; the block-style CRDs take the cut path.
func TestOutlineMatchesFullParse(t *testing.T) {
	t.Parallel()
	inputs := map[string]string{"bigtree": bigtree.CRD("Thing"), "two": twoVersionCRD, "validation": validationCRD,
		"flow":    "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: f.example.com}\nspec: {versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}]}\n",
		"comment": strings.Replace(twoVersionCRD, "        type: object\n    served: true\n    storage: false", "        type: object\n# a comment ends the block\n    served: true\n    storage: false", 1),
		"multi":   "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\n" + twoVersionCRD + "---\n# only a comment\n---\n" + validationCRD}
	files, _ := filepath.Glob("../contract/testdata/*/*/*components*.yaml")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = string(data)
	}
	for name, text := range inputs {
		checkOutline(t, name, []byte(text))
	}
	for _, crd := range []string{bigtree.CRD("Thing"), twoVersionCRD, validationCRD} {
		if _, cuts, _ := crdfast.CutOut([]byte(crd)); len(cuts) == 0 {
			t.Errorf("no schema cut from:\n%s", crd)
		}
	}
}

// checkOutline compares SplitOutline with Split on data (which must parse).
func checkOutline(t *testing.T, name string, data []byte) bool {
	t.Helper()
	failed := t.Failed()
	want, err := Split(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got, err := SplitOutline(data)
	if err != nil {
		t.Fatalf("%s: SplitOutline: %v", name, err)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d documents, want %d", name, len(got), len(want))
	}
	for i := range want {
		w := want[i]
		var schemas []Schema
		if isCRD(w.Node) {
			schemas = takeSchemas(w) // nulls them in w too
		}
		if !reflect.DeepEqual(got[i].Obj, w.Obj) || got[i].Line != w.Line || got[i].Index != w.Index {
			t.Errorf("%s: document %d differs from the full parse", name, i+1)
		}
		if gl, wl := nodeLines(got[i].Node), nodeLines(w.Node); !reflect.DeepEqual(gl, wl) {
			t.Errorf("%s: document %d: node lines %v, want %v", name, i+1, gl, wl)
		}
		checkSchemas(t, name, got[i].Schemas, schemas)
	}
	return failed || !t.Failed()
}

func checkSchemas(t *testing.T, name string, got, want []Schema) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d schemas, want %d", name, len(got), len(want))
	}
	for i := range want {
		g, w := parseValue(t, got[i]), parseValue(t, want[i])
		if !reflect.DeepEqual(g, w) || got[i].Version != want[i].Version || got[i].Line != want[i].Line {
			t.Errorf("%s: schema %d (%s, line %d) differs from the full parse's (%s, line %d)", name, i, got[i].Version, got[i].Line, want[i].Version, want[i].Line)
		}
	}
}

func parseValue(t *testing.T, s Schema) any {
	t.Helper()
	v, err := s.Parse()
	if err != nil {
		t.Fatalf("schema does not parse: %v\n%s", err, s.Text)
	}
	return v
}

func nodeLines(n *yaml.Node) []int {
	if n == nil {
		return nil
	}
	out := []int{n.Line}
	for _, c := range n.Content {
		out = append(out, nodeLines(c)...)
	}
	return out
}

// TestOutlineMutants mutates the block-style CRDs at random (seeded): whenever yaml.v3
// parses a mutant, its outline must give the full parse's objects, lines and schemas,
// whichever path it took.
func TestOutlineMutants(t *testing.T) {
	t.Parallel()
	seeds := [][]byte{[]byte(twoVersionCRD), []byte(validationCRD), []byte(twoVersionCRD), []byte(bigtree.CRD("Thing")[:6000])}
	alphabet := []byte(" :-#\"'{}[],|>\n&*!?%@`\ta.\\")
	rnd := rand.New(rand.NewPCG(29, 2))
	parsed, cut := 0, 0
	for i := range 2000 {
		m := mutants.Bytes(rnd, seeds[i%len(seeds)], alphabet, 1+i%3)
		if _, err := Split(m); err != nil {
			continue
		}
		parsed++
		if got, _ := SplitOutline(m); len(got) == 1 && len(got[0].Schemas) > 0 && got[0].Schemas[0].Text != nil {
			cut++
		}
		if !checkOutline(t, fmt.Sprintf("mutant %d", i), m) {
			t.Fatalf("mutant %d:\n%s", i, m)
		}
	}
	t.Logf("%d of 2000 mutants parse, %d of them outlined by cutting", parsed, cut)
	if cut < parsed/2 {
		t.Errorf("only %d mutants took the cut path", cut)
	}
}

// linesCut is the plain cutter Texts replaced, kept as its oracle: it walks every
// line and cuts at document-start lines ("---" at column 0, which YAML always treats
// as a new document, even inside a block scalar).
func linesCut(data []byte) []Text {
	var out []Text
	start, startLine, line := 0, 0, 0
	for i := 0; i < len(data); {
		end := bytes.IndexByte(data[i:], '\n')
		next := len(data)
		if end >= 0 {
			next = i + end + 1
		}
		if isDocStart(data[i:next]) {
			out = append(out, Text{data[start:i], startLine})
			start, startLine = next, line+1
		}
		i, line = next, line+1
	}
	return append(out, Text{data[start:], startLine})
}

// TestTextsCutLikeLines: Texts (which searches for "---") cuts where a walk over
// every line cuts, with the same lines.
func TestTextsCutLikeLines(t *testing.T) {
	t.Parallel()
	inputs := []string{"", "---", "---\n", "a: 1\n", "---\na: 1\n---\nb: 2\n", "a: 1\n----\n--- # c\nb: 2\n---x\n--- \n",
		"a: |\n  ---\n---\n", "\n\n---\n\n---", twoVersionCRD + "---\n" + validationCRD}
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		inputs = append(inputs, string(mutants.Bytes(rnd, []byte("a: 1\n---\nb: 2\n--- # x\nc: 3\n"), []byte("-\n #a"), 4)))
	}
	for _, in := range inputs {
		cs, ts := linesCut([]byte(in)), Texts([]byte(in))
		if len(cs) != len(ts) {
			t.Fatalf("%q: %d texts, want %d", in, len(ts), len(cs))
		}
		for i := range cs {
			if string(cs[i].Data) != string(ts[i].Data) || cs[i].Line != ts[i].Line {
				t.Fatalf("%q: text %d is %q at %d, want %q at %d", in, i, ts[i].Data, ts[i].Line, cs[i].Data, cs[i].Line)
			}
		}
	}
}
