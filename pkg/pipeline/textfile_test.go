package pipeline

import (
	"strings"
	"testing"
)

// TestTextFileLines: a line looked up in the index reads as the file's line (line 1
// below 1, "" past the end), with or without a last line end.
func TestTextFileLines(t *testing.T) {
	t.Parallel()
	for _, data := range []string{"", "a", "a\n", "a\nbb\n\nccc", "---\nx: 1\n---\ny: 2\n"} {
		f := newTextFile([]byte(data))
		lines := strings.Split(data, "\n")
		if f.count() != len(lines)-1 {
			t.Errorf("%q: %d line ends, want %d", data, f.count(), len(lines)-1)
		}
		for n := -1; n <= len(lines)+2; n++ {
			want := ""
			switch {
			case n < 1:
				want = lines[0]
			case n <= len(lines):
				want = lines[n-1]
			}
			if got := f.line(n); got != want {
				t.Errorf("%q line %d: %q, want %q", data, n, got, want)
			}
		}
	}
}

// TestTextFileObjectAt: a line names the object of the document holding it; the
// "---" lines, a document that is no mapping and lines past the end name none.
func TestTextFileObjectAt(t *testing.T) {
	t.Parallel()
	data := "kind: A\nmetadata:\n  name: a\n---\n- a list\n---\n\n---\nkind: B\nmetadata:\n  name: b\n"
	f := newTextFile([]byte(data))
	want := map[int]string{1: "A a", 2: "A a", 3: "A a", 9: "B b", 10: "B b", 11: "B b"}
	for n := 0; n <= 13; n++ {
		obj, ok := f.objectAt(n)
		got := ""
		if ok {
			got = obj.Kind() + " " + obj.Name()
		}
		if got != want[n] {
			t.Errorf("line %d: %q, want %q", n, got, want[n])
		}
	}
}
