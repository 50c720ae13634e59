package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// readingMethods are the methods of repository.Repository that no other interface
// may declare: there is one reading side, and its optional behaviours are Info's
// fields, never an interface a reader asserts.
var readingMethods = []string{"Versions", "Files", "Bundles", "SkipsMissing"}

// readingInterfaces lists the interface types of f (named or literal) that declare
// a reading method, by position and method.
func readingInterfaces(f *ast.File) map[token.Pos]string {
	out := map[token.Pos]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		it, ok := n.(*ast.InterfaceType)
		if !ok {
			return true
		}
		for _, m := range it.Methods.List {
			for _, name := range m.Names {
				if contains(readingMethods, name.Name) || name.Name == "File" && params(m) == 3 {
					out[m.Pos()] = name.Name
				}
			}
		}
		return true
	})
	return out
}

// params counts the parameters of an interface method.
func params(m *ast.Field) int {
	ft, ok := m.Type.(*ast.FuncType)
	if !ok {
		return 0
	}
	n := 0
	for _, p := range ft.Params.List {
		n += max(1, len(p.Names))
	}
	return n
}

func TestOneRepositoryInterface(t *testing.T) {
	m := mustLoad(t)
	for _, p := range m.sorted() {
		if p.path == "pkg/repository" {
			continue
		}
		for _, f := range p.files {
			for at, name := range readingInterfaces(f) {
				t.Errorf("%s: an interface declares %s: reading a repository is repository.Repository, and what "+
					"kinds do differently is a field of repository.Info (docs/architecture.md)", m.where(at), name)
			}
		}
	}
}

func TestReadingInterfacesChecker(t *testing.T) {
	cases := map[string]int{
		"type S interface{ Versions(ctx int) ([]string, error) }":                         1,
		"type L interface{ Files(int, string) ([]string, error) }":                        1,
		"func f(x any) bool { _, ok := x.(interface{ SkipsMissing() bool }); return ok }": 1,
		"type R interface{ File(ctx int, version, name string) ([]byte, error) }":         1,
		"type W interface{ WriteFile(path string, data []byte) error; File() }":           0,
	}
	for src, want := range cases {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\n"+src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(readingInterfaces(f)); got != want {
			t.Errorf("%s: %d reading interfaces found, want %d", strings.TrimSpace(src), got, want)
		}
	}
}
