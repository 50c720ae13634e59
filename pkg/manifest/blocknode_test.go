package manifest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
	mutants "github.com/capirepo/capirepo/pkg/testsupport/mutate"
	"github.com/capirepo/capirepo/pkg/testsupport/upgradefix"
	yaml "go.yaml.in/yaml/v3"
)

// remainders are the documents of components files as controller-gen, kustomize and
// PyYAML write them, CRDs without their schemas (what outlineCut parses).
func remainders(t *testing.T) [][]byte {
	t.Helper()
	var docs []string
	for _, data := range [][]byte{bigtree.ReleaseWith(300<<10, 1, true)["infrastructure-components.yaml"], bigtree.Provider(200<<10, bigtree.Kustomize),
		bigtree.Provider(200<<10, bigtree.PyYAML), []byte(upgradefix.Base("v0.1.0", 1).Files()["infrastructure-components.yaml"])} {
		for _, text := range Texts(data) {
			docs = append(docs, string(text.Data))
		}
	}
	var out [][]byte
	for _, d := range docs {
		if rest, _, ok := crdfast.CutOut([]byte(d)); ok && len(rest) > 0 {
			out = append(out, rest)
		}
	}
	return out
}

// TestPlainDocumentIsYAMLv3: whenever crdfast.PlainDocument reads a text, yaml.v3 reads it
// without error into the same nodes (kinds, tags, styles, values, lines, columns, no
// comments or anchors): on the remainders of real-shaped CRDs and objects (every one of
// them read without the parser), hand-picked traps and seeded mutants.
func TestPlainDocumentIsYAMLv3(t *testing.T) {
	t.Parallel()
	seeds := remainders(t)
	for i, s := range seeds {
		if _, ok := crdfast.PlainDocument(s); !ok && strings.Contains(string(s), "kind: CustomResourceDefinition") {
			t.Errorf("remainder %d is not read without the parser:\n%s", i, s)
		}
	}
	for _, crd := range []string{twoVersionCRD, validationCRD, bigtree.CRD("Thing")} { // flow collections: parsed
		seeds = append(seeds, []byte(crd))
	}
	traps := []string{"a: 1\n", "a: 01\n", "a: 1.5\n", "a: .5\n", "a: .status.ready\n", "a: .inf\n", "a: -1\n", "a: +1\n", "a: 2001-12-14\n",
		"a: yes\n", "a: True\n", "a: ~\n", "a: null\n", "a: <<\n", "<<: {}\n", "a: 'it''s'\n", "a: 'x'y'\n", "a: \"q\"\n", "a: \"q\\n\"\n",
		"a: b: c\n", "a: b:\n", "a:  x\n", "a: x  \n", "a:\n  b\n", "a: x\n  y\n", "a:\n- x\n- y\nb: 1\n", "a:\n  - x\n  -\n", "- a\n- b\n",
		"a:\n- - x\n", "a: |\n  t\n\nb: 1\n", "a: |-\n  t\n   u\n", "a: |+\n  t\n", "a: >\n  t\n", "a: |\n\n  t\n", "a: {}\nb: []\n", "a: {x: 1}\n",
		"a: [x]\n", "a: &x 1\n", "a: *x\n", "a: !!str 1\n", "? a\n: 1\n", "a: 1\na: 2\n", " a: 1\n", "a: 1\n b: 2\n", "a:\n  b: 1\n c: 2\n",
		"a: x # c\n", "a: é\n", "é: 1\nb: 2\n", "a: \"é\"\n", "l:\n- n: 1\n  m:\n  - x\n", "l:\n-   n: 1\n    m: 2\n", "a: -\n", "a: - x\n",
		"a: @x\n", "a: `x`\n", "a: %x\n", "true: 1\n", "1: a\n", "a: 99999999999999999999\n", "a:\tb\n", "---\na: 1\n", "a: 1\n...\n"}
	for _, s := range traps {
		seeds = append(seeds, []byte(s))
	}
	rnd := rand.New(rand.NewPCG(30, 7))
	alphabet := []byte(" :-#\"'{}[],|>\n&*!?%@`\ta.\\01~")
	n := len(seeds)
	for i := range 6000 {
		seeds = append(seeds, mutants.Bytes(rnd, seeds[i%n], alphabet, 1+i%3))
	}
	read := 0
	for i, s := range seeds {
		got, ok := crdfast.PlainDocument(s)
		if !ok {
			continue
		}
		read++
		var want yaml.Node
		if err := yaml.Unmarshal(s, &want); err != nil {
			t.Fatalf("seed %d: PlainDocument reads what yaml.v3 refuses (%v):\n%s", i, err, s)
		}
		if diff := sameNode(got, &want, "$"); diff != "" {
			t.Fatalf("seed %d: %s:\n%s", i, diff, s)
		}
	}
	t.Logf("%d of %d texts read without the parser", read, len(seeds))
}

// sameNode compares two node trees as yaml.v3 builds them; "" when equal.
func sameNode(a, b *yaml.Node, path string) string {
	if a.Kind != b.Kind || a.Style != b.Style || a.Tag != b.Tag || a.Value != b.Value || a.Line != b.Line || a.Column != b.Column ||
		b.Anchor != "" || b.Alias != nil || b.HeadComment+b.LineComment+b.FootComment != "" || len(a.Content) != len(b.Content) {
		return fmt.Sprintf("%s: got %s, yaml.v3 %s", path, describeNode(a), describeNode(b))
	}
	for i := range a.Content {
		if d := sameNode(a.Content[i], b.Content[i], fmt.Sprintf("%s[%d]", path, i)); d != "" {
			return d
		}
	}
	return ""
}

func describeNode(n *yaml.Node) string {
	return fmt.Sprintf("{kind %d style %d tag %q value %q at %d:%d, %d children, anchor %q, comments %q}",
		n.Kind, n.Style, n.Tag, n.Value, n.Line, n.Column, len(n.Content), n.Anchor, n.HeadComment+n.LineComment+n.FootComment)
}
