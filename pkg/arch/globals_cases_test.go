package arch

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// The checker on small hand-written packages: each case lists the writes it must
// report, in order; a case without any must report none.
var globalsCases = []struct {
	name, src string
	want      []string
}{
	{"assign", "var n int\nfunc f() { n = 1 }", []string{"f assigns package-level variable n"}},
	{"op-assign and ++", "var n int\nfunc f() { n += 2; n++ }", []string{"assigns package-level variable n", "assigns package-level variable n"}},
	{"field and index", "var s struct{ m map[string]int }\nfunc f() { s.m[\"a\"] = 1 }", []string{"assigns package-level variable s"}},
	{"address", "var n int\nfunc f() *int { return &n }", []string{"takes the address of package-level variable n"}},
	{"range", "var k int\nfunc f(xs []int) { for k = range xs {} }", []string{"assigns package-level variable k"}},
	{"init", "var n int\nfunc init() { n = 1 }", []string{"init assigns package-level variable n: give it its value in its declaration"}},
	{"other package", "import \"os\"\nfunc f() { os.Stderr = nil }", []string{"f assigns another package's variable os.Stderr; "}},
	{"method", "type T struct{}\nvar n int\nfunc (t *T) f() { n-- }", []string{"(*T).f assigns package-level variable n"}},
	{"literal in a declaration", "var n int\nvar f = func() { n = 1 }", []string{"var initializer assigns package-level variable n"}},
	{"shadowed by a local", "var n int\nfunc f() { n := 0; n = 1; _ = &n }", nil},
	{"shadowed by a parameter", "var n int\nfunc f(n *int) { *n = 1 }", nil},
	{"declaration only", "var n = 1\nvar p = &n\nfunc f() int { return n + *p }", nil},
	{"method call", "import \"sync\"\nvar mu sync.Mutex\nfunc f() { mu.Lock(); mu.Unlock() }", nil},
	{"declared in another file", "var n int\n--\nfunc f() { n = 2 }", []string{"f assigns package-level variable n"}},
	{"shadowed in another file", "var n int\n--\nfunc f() { var n int; n = 2; _ = n }", nil},
	{"local field", "func f() { var s struct{ n int }; s.n = 1; _ = &s }", nil},
}

func TestGlobalsChecker(t *testing.T) {
	for _, c := range globalsCases {
		var got []string
		p, fset := parseCase(t, c.name, c.src)
		for _, f := range p.files {
			for _, w := range globalsOf(p).writes(f) {
				got = append(got, fset.Position(w.at).String()+": "+w.message())
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: got %d writes %q, want %d", c.name, len(got), got, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%s: write %d is %q, want it to say %q", c.name, i, got[i], w)
			}
		}
	}
}

// parseCase parses a case's files (separated by "\n--\n") as one package p.
func parseCase(t *testing.T, name, src string) (*pkg, *token.FileSet) {
	fset := token.NewFileSet()
	p := &pkg{path: "p"}
	for i, part := range strings.Split(src, "\n--\n") {
		f, err := parser.ParseFile(fset, fmt.Sprintf("%s%d.go", name, i), "package p\n"+part, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p.files = append(p.files, f)
	}
	return p, fset
}
