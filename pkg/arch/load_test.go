package arch

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// pkg is one package of the module, as parsed from its non-test files.
type pkg struct {
	path  string // relative to the module root, slash-separated: "pkg/backend/local"
	files []*ast.File
}

// module is the repository's Go code: every non-test file below the root.
type module struct {
	root, path string // folder, and module path from go.mod
	fset       *token.FileSet
	pkgs       map[string]*pkg
}

// loaded parses the module once per test binary; it is never assigned after.
var loaded = sync.OnceValues(func() (*module, error) {
	return load(filepath.Join("..", ".."))
})

// mustLoad returns the module, failing the test when it cannot be read.
func mustLoad(t *testing.T) *module {
	t.Helper()
	m, err := loaded()
	if err != nil {
		t.Fatalf("reading the module's Go files: %v", err)
	}
	for _, want := range []string{"cmd/capirepo", "pkg/cli", "pkg/publish", "pkg/release"} {
		if m.pkgs[want] == nil {
			t.Fatalf("package %s not found below %s: the architecture rules name it; update pkg/arch", want, m.root)
		}
	}
	return m
}

// load walks the module rooted at dir (the folder holding go.mod).
func load(dir string) (*module, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	path, err := modulePath(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	m := &module{root: root, path: path, fset: token.NewFileSet(), pkgs: map[string]*pkg{}}
	return m, filepath.WalkDir(root, m.visit)
}

// modulePath reads the module directive of a go.mod file.
func modulePath(gomod string) (string, error) {
	f, err := os.Open(gomod)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	return "", errors.Join(sc.Err(), fmt.Errorf("%s: no module directive", gomod))
}

// visit parses one non-test Go file. Links are not followed (bin/ is one), and hidden,
// _-prefixed, testdata and vendor folders and nested modules are passed over.
func (m *module) visit(p string, d fs.DirEntry, err error) error {
	if err != nil || p == m.root {
		return err
	}
	name := d.Name()
	if d.IsDir() {
		if skipDir(name) || exists(filepath.Join(p, "go.mod")) {
			return filepath.SkipDir
		}
		return nil
	}
	if !d.Type().IsRegular() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
		return nil
	}
	return m.parse(p)
}

func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor"
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// parse adds one file to its package. Object resolution stays on: identifiers that
// name a local declaration point at it, which is how shadowing is told apart.
func (m *module) parse(p string) error {
	f, err := parser.ParseFile(m.fset, p, nil, 0)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(m.root, filepath.Dir(p))
	if err != nil {
		return err
	}
	rel = filepath.ToSlash(rel)
	if m.pkgs[rel] == nil {
		m.pkgs[rel] = &pkg{path: rel}
	}
	m.pkgs[rel].files = append(m.pkgs[rel].files, f)
	return nil
}

// sorted lists the packages by path, so failures come in a fixed order.
func (m *module) sorted() []*pkg {
	out := make([]*pkg, 0, len(m.pkgs))
	for _, p := range m.pkgs {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// where names a position as file:line relative to the module root.
func (m *module) where(pos token.Pos) string {
	at := m.fset.Position(pos)
	if rel, err := filepath.Rel(m.root, at.Filename); err == nil {
		at.Filename = filepath.ToSlash(rel)
	}
	return at.Filename + ":" + strconv.Itoa(at.Line)
}

// project returns an import path relative to the module ("pkg/cli"), or false for
// anything outside it.
func (m *module) project(spec *ast.ImportSpec) (string, bool) {
	p, err := strconv.Unquote(spec.Path.Value)
	if err != nil {
		return "", false
	}
	return strings.CutPrefix(p, m.path+"/")
}
