package manifest

import (
	"bytes"
	"strings"
	"testing"
)

func TestPartsKeepEveryDocumentInOrder(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("# head\n")
	for i := range 25 {
		b.WriteString("---   # sep\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c" + strings.Repeat("x", i) + "\ndata:\n  s: |\n    --- indented, not a separator\n")
	}
	b.WriteString("---\nkind: Last")
	in := []byte(b.String())
	whole, err := Split(in)
	if err != nil {
		t.Fatal(err)
	}
	parts := Parts(in, 10)
	if len(parts) != 3 || CountDocs(in) != 27 {
		t.Fatalf("%d parts, %d documents; want 3 and 27", len(parts), CountDocs(in))
	}
	var names []string
	for _, p := range parts {
		docs, err := Split(p)
		if err != nil {
			t.Fatalf("part does not parse: %v\n%s", err, p)
		}
		for _, d := range docs {
			names = append(names, d.Obj.Kind()+d.Obj.Name())
		}
	}
	var want []string
	for _, d := range whole {
		want = append(want, d.Obj.Kind()+d.Obj.Name())
	}
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Fatalf("parts hold %v, want %v", names, want)
	}
	if got := Parts(in, 27); len(got) != 1 || !bytes.Equal(got[0], in) {
		t.Fatal("input within the limit not returned whole")
	}
}

// TestParallelChunksMatchDecoder compares objects and lines of the in-memory chunk
// parse with the Decoder's, including chunks Unmarshal must not take alone.
func TestParallelChunksMatchDecoder(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := range 4000 {
		b.WriteString("---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c" + strings.Repeat("y", i%7) + "}\ndata:\n  n: 1\n  s: 'x'\n")
		switch i % 1000 {
		case 10:
			b.WriteString("...\n---\nkind: AfterEnd\n")
		case 20:
			b.WriteString("--- {kind: Flow}\n")
		case 30:
			b.WriteString("--- # only a comment\n# nothing\n")
		}
	}
	sameSplits(t, []byte(b.String()), "data", "s")
}
