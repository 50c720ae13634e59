package diff

import (
	"math/rand/v2"
	"reflect"
	"testing"

	mutants "github.com/capirepo/capirepo/pkg/testsupport/mutate"
)

// TestEntryScalarReadsWhatYAMLReads: whenever entryScalar reads a value without a
// parser, yaml.v3 reads the same string (hand-picked traps and seeded mutants).
func TestEntryScalarReadsWhatYAMLReads(t *testing.T) {
	t.Parallel()
	seeds := []string{"description: Name of the referenced object.\n", "description: |-\n  Line one.\n\n  Line three.\n", "d: |\n  a\n   b\n\n",
		"d: true\n", "d: True\n", "d: null\n", "d: a: b\n", "d: a #c\n", "d: 1.5\n", "d: |-\n\n  a\n", "d: |\n   \n  a\n", "d: |-\n  a\n \t\n", "d: no\n",
		"d: |-\n    deep\n  shallow\n", "d: '|'\n", "d: |2-\n   a\n", "d: >-\n  a\n  b\n", "d: x\n  continued\n"}
	rnd := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte(" :-#|\n'\"abc\t")
	for i := range 3000 {
		seeds = append(seeds, string(mutants.Bytes(rnd, []byte(seeds[i%18]), alphabet, 1+i%3)))
	}
	read := 0
	for _, s := range seeds {
		es, ok := Entries([]byte(s))
		if !ok || len(es) != 1 {
			continue
		}
		got, ok := entryScalar(es[0])
		if !ok {
			continue
		}
		read++
		want, err := EntryValue(es[0])
		if err != nil || !reflect.DeepEqual(any(got), want) {
			t.Fatalf("%q: entryScalar %q, yaml.v3 %#v (%v)", s, got, want, err)
		}
	}
	t.Logf("%d of %d read without a parser", read, len(seeds))
}

// TestEntriesAndValues: a block mapping cut into entries, each entry's value as a
// whole parse reads it; what is not surely a plain block mapping is refused.
func TestEntriesAndValues(t *testing.T) {
	t.Parallel()
	text := "a:\n  b: 1\n  c:\n  - x\n  - y\nlist:\n- 1\n- 2\nd: |-\n  text\n\ne: {f: g}\n"
	es, ok := Entries([]byte(text))
	if !ok || len(es) != 4 {
		t.Fatalf("entries %v, ok %v", es, ok)
	}
	holders := map[string]bool{}
	for _, e := range es {
		holders[e.Key] = e.Holder
	}
	if !reflect.DeepEqual(holders, map[string]bool{"a": true, "list": false, "d": false, "e": false}) {
		t.Errorf("holders %v", holders)
	}
	vs, err := EntryValues(es)
	want := []any{map[string]any{"b": 1, "c": []any{"x", "y"}}, []any{1, 2}, "text", map[string]any{"f": "g"}}
	if err != nil || !reflect.DeepEqual(vs, want) {
		t.Errorf("values %#v (%v), want %#v", vs, err, want)
	}
	for _, bad := range []string{"a: 1\n# comment\nb: 2\n", "a: 1\na: 2\n", "\"a\": 1\n", "true: 1\n", "a: 1\n\tb: 2\n", "  a: 1\nb: 2\n", "- a\n"} {
		if _, ok := Entries([]byte(bad)); ok {
			t.Errorf("Entries(%q) accepted", bad)
		}
	}
}

// entrySchema is a CRD version's schema as kustomize writes it.
const entrySchema = `      openAPIV3Schema:
        properties:
          spec:
            properties:
              size:
                description: "Size in \"GB\"."
                type: integer
            type: object
        type: object
`

// TestEntryTreeIsEntriesAtEveryLevel: the one-pass tree gives, at every level, what
// Entries gives of each holder's body (seeded mutants of a schema).
func TestEntryTreeIsEntriesAtEveryLevel(t *testing.T) {
	t.Parallel()
	schema := []byte(entrySchema)
	seeds := [][]byte{schema, []byte("a:\n  b:\n    c: 1\n  d:\n  - x\ne: |\n  t\nf:\n  g: {h: 1}\n")}
	rnd := rand.New(rand.NewPCG(9, 10))
	read := 0
	for i := range 3000 {
		in := mutants.Bytes(rnd, seeds[i%2], []byte(" :-#|\n\tab"), i%4)
		got, okT := EntryTree(in)
		want, okE := Entries(in)
		if okT != okE {
			t.Fatalf("ok %v, Entries %v:\n%s", okT, okE, in)
		}
		if okT {
			read++
			sameTree(t, got, want, in)
		}
	}
	if t.Logf("%d of 3000 read as block mappings", read); read < 1000 {
		t.Errorf("only %d inputs read: the test checks little", read)
	}
}

func sameTree(t *testing.T, got, want []Entry, in []byte) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d entries, Entries %d:\n%s", len(got), len(want), in)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Key != w.Key || g.Holder != w.Holder || string(g.Text) != string(w.Text) || string(g.Body()) != string(w.Body()) {
			t.Fatalf("entry %q differs from Entries' %q:\n%s", g.Key, w.Key, in)
		}
		if !w.Holder {
			continue
		}
		inner, ok := Entries(w.Body())
		if ok != g.InnerOK {
			t.Fatalf("%s: InnerOK %v, Entries of its body %v:\n%s", g.Key, g.InnerOK, ok, in)
		}
		if ok {
			sameTree(t, g.Inner, inner, in)
		}
	}
}
