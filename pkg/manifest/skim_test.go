package manifest

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
)

// TestSkimMatchesFullParse: a CRD skimmed (schemas cut, checked by crdfast.ValidBlock) gives
// the same documents as the whole chunk parsed and slimmed: the generated CRD of the
// benchmarks, the rendered CRD and every components fixture of pkg/contract.
func TestSkimMatchesFullParse(t *testing.T) {
	t.Parallel()
	inputs := map[string][]byte{"bigtree": []byte(bigtree.CRD("Thing")), "rendered": []byte(renderedCRD), "generated": []byte(generatedCRD), "pyyaml": []byte(pyyamlCRD),
		"provider-kustomize": bigtree.Provider(1, bigtree.Kustomize), "provider-pyyaml": bigtree.Provider(1, bigtree.PyYAML)}
	files, _ := filepath.Glob("../contract/testdata/*/*/*/*components*.yaml")
	more, _ := filepath.Glob("../contract/testdata/*/*/*components*.yaml")
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = data
	}
	skimmed := 0
	for name, data := range inputs {
		for _, c := range Texts(data) {
			got, ok := skimCRD(c.Data, Options{Slim: testKept})
			if !ok {
				continue
			}
			skimmed++
			want, err := splitSeqWith(c.Data, Options{Slim: testKept})
			if err != nil || !reflect.DeepEqual(got[0].Obj, want[0].Obj) {
				t.Errorf("%s: skimmed CRD at line %d differs from the full parse (%v)", name, c.Line+1, err)
			}
		}
	}
	for _, crd := range []string{bigtree.CRD("Thing"), renderedCRD, generatedCRD, pyyamlCRD} {
		if _, ok := skimCRD([]byte(crd), Options{Slim: testKept}); !ok {
			t.Errorf("not skimmed:\n%s", crd)
		}
	}
	for _, style := range []bigtree.Style{bigtree.Kustomize, bigtree.PyYAML} { // the process benchmark's files
		for _, c := range Texts(bigtree.Provider(1, style)) {
			if _, blocks := crdfast.CutSchemas(c.Data, testKept.tree); len(blocks) > 0 {
				if _, ok := skimCRD(c.Data, Options{Slim: testKept}); !ok {
					t.Errorf("style %d: the CRD at line %d is not skimmed", style, c.Line+1)
				}
			}
		}
	}
	t.Logf("%d CRDs skimmed", skimmed)
}

// TestSkimNeverAcceptsWhatYAMLRefuses mutates CRDs at random (seeded: the same
// cases every run) with the characters that matter to YAML: whenever the skim
// accepts a mutant, the full parse must accept it too and give the same objects.
func TestSkimNeverAcceptsWhatYAMLRefuses(t *testing.T) {
	t.Parallel()
	seeds := [][]byte{[]byte(bigtree.CRD("Thing")), []byte(renderedCRD), []byte(generatedCRD), []byte(pyyamlCRD)}
	alphabet := []byte(" :-#\"'{}[],|>\n&*!?%@`\ta.\\uxUDF8g")
	const mutants = 4000
	rnd := rand.New(rand.NewPCG(18, 1))
	accepted := 0
	for i := range mutants {
		m := mutate(rnd, seeds[i%len(seeds)], alphabet, 1+i%3)
		got, ok := skimCRD(m, Options{Slim: testKept})
		if !ok {
			continue
		}
		accepted++
		want, err := splitSeqWith(m, Options{Slim: testKept})
		if err != nil {
			t.Fatalf("skim accepted what yaml.v3 refuses (%v):\n%s", err, m)
		}
		if len(want) != 1 || !reflect.DeepEqual(got[0].Obj, want[0].Obj) {
			t.Fatalf("skim and full parse differ on:\n%s", m)
		}
	}
	t.Logf("%d of %d mutants skimmed", accepted, mutants)
}

// mutate changes n random bytes of data (insert, replace or delete) after its
// first schema key, where the skim reads.
func mutate(rnd *rand.Rand, data, alphabet []byte, n int) []byte {
	out := append([]byte(nil), data...)
	from := bytes.Index(out, []byte("    schema:")) + 12
	for range n {
		at := from + rnd.IntN(len(out)-from)
		c := alphabet[rnd.IntN(len(alphabet))]
		switch rnd.IntN(3) {
		case 0:
			out = append(out[:at], append([]byte{c}, out[at:]...)...)
		case 1:
			out[at] = c
		default:
			out = append(out[:at], out[at+1:]...)
		}
	}
	return out
}

// generatedCRD is written as controller-gen writes CRDs: double-quoted descriptions
// with escapes across lines, folded plain descriptions, enums and required lists.
const generatedCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  annotations:
    controller-gen.kubebuilder.io/version: v0.16.0
  name: widgets.infrastructure.example.io
spec:
  group: infrastructure.example.io
  names:
    kind: Widget
    listKind: WidgetList
    plural: widgets
    singular: widget
  scope: Namespaced
  versions:
  - additionalPrinterColumns:
    - jsonPath: .status.ready
      name: Ready
      type: string
    name: v1beta1
    schema:
      openAPIV3Schema:
        description: "Widget is a made-up kind. \n Deprecated: it goes away in
          the next release, \"soon\"."
        properties:
          spec:
            description: 'WidgetSpec is what the user asks for; it''s
              folded over two lines.'
            properties:
              mode:
                default: Fast
                description: mode picks how the widget runs. One of Fast, Slow
                  or Off.
                enum:
                - Fast
                - Slow
                - "Off"
                type: string
              size:
                format: int32
                minimum: -1
                type: integer
            required:
            - mode
            type: object
          status:
            properties:
              ready:
                type: boolean
            type: object
        type: object
    served: true
    storage: true
    subresources:
      status: {}
`

// pyyamlCRD is written as PyYAML's safe_dump writes (sorted keys, width 80): plain
// strings folded over lines, single-quoted ones with doubled quotes and folds, double-quoted ones
// for non-ASCII text (\u escapes) continued with a backslash and an escaped space.
const pyyamlCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.infrastructure.example.io
spec:
  group: infrastructure.example.io
  names:
    kind: Gadget
    listKind: GadgetList
    plural: gadgets
    singular: gadget
  scope: Namespaced
  versions:
  - name: v1beta1
    schema:
      openAPIV3Schema:
        description: Gadget is a made-up kind whose description is long enough that
          PyYAML folds it over two lines.
        properties:
          spec:
            description: "GadgetSpec holds the gadget\u2019s settings; it is\
              \ \u201Cquoted\u201D, with a tab\tand a \x41 and a \U0001F600 too."
            properties:
              mode:
                description: 'mode: one of Fast or Slow; the gadget''s default
                  is Fast.'
                enum:
                - Fast
                - Slow
                type: string
              tags:
                items:
                  type: string
                type: array
            type: object
          status:
            properties:
              ready:
                type: boolean
            type: object
        type: object
    served: true
    storage: true
    subresources:
      status: {}
`

// TestSkimHexEscapes: the skim takes \x, \u and \U escapes only as yaml.v3 reads them;
// an escape yaml.v3 refuses (too few digits on the line, a surrogate, past U+10FFFF,
// not hexadecimal) is never skimmed, so its error is still reported.
func TestSkimHexEscapes(t *testing.T) {
	t.Parallel()
	const good = `\u2019`
	cases := map[string]bool{good: true, `\x41`: true, `\U0001F600`: true, `\u00e9`: true,
		`\u12`: false, `\uD800`: false, `\U00110000`: false, `\xZZ`: false, `\x4`: false, `\q`: false}
	for esc, ok := range cases {
		crd := strings.Replace(pyyamlCRD, good, esc, 1)
		_, skimmed := skimCRD([]byte(crd), Options{Slim: testKept})
		_, err := splitSeqWith([]byte(crd), Options{Slim: testKept})
		if skimmed != ok || (err == nil) != ok {
			t.Errorf("escape %s: skimmed %v, yaml.v3 error %v; want both to accept it: %v", esc, skimmed, err, ok)
		}
	}
}
