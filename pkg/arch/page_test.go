package arch

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// testsIn lists the Test functions declared in the _test.go files of dir.
func testsIn(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	out := map[string]bool{}
	for _, name := range files {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, obj := range f.Scope.Objects {
			if strings.HasPrefix(obj.Name, "Test") && obj.Kind.String() == "func" {
				out[obj.Name] = true
			}
		}
	}
	return out
}

// docs/architecture.md names the test that keeps each of its claims: every test of
// pkg/arch is named there, and every test it names exists.
func TestArchitecturePageNamesEveryRule(t *testing.T) {
	root := filepath.Join("..", "..")
	page, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`(Test[A-Za-z]+)`").FindAllStringSubmatch(string(page), -1) {
		named[m[1]] = true
	}
	for name := range testsIn(t, ".") {
		if !named[name] {
			t.Errorf("pkg/arch's %s is not named in docs/architecture.md: add its claim to \"Rules the tests keep\"", name)
		}
	}
	all := map[string]bool{}
	dirs, _ := filepath.Glob(filepath.Join(root, "pkg", "*"))
	for _, d := range dirs {
		for name := range testsIn(t, d) {
			all[name] = true
		}
	}
	for name := range named {
		if !all[name] {
			t.Errorf("docs/architecture.md names %s, which no package under pkg/ declares", name)
		}
	}
}
