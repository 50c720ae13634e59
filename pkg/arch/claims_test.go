package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// writeFuncs are the standard library's functions that change the file system.
func writeFuncs() map[string][]string {
	return map[string][]string{
		"os": {"WriteFile", "Create", "CreateTemp", "MkdirTemp", "Mkdir", "MkdirAll", "Remove", "RemoveAll", "Rename",
			"Symlink", "Link", "Chmod", "Chown", "Chtimes", "Truncate", "OpenFile", "CopyFS"},
		"io/ioutil": {"*"},
	}
}

// netFuncs reach the network (a *http.Client a caller hands on is not one).
func netFuncs() map[string][]string {
	return map[string][]string{"net": {"*"},
		"net/http": {"Get", "Head", "Post", "PostForm", "NewRequest", "NewRequestWithContext", "DefaultClient", "DefaultTransport"}}
}

// The pipeline writes only through its stages: its locked scratch folder
// (fsx.Scratch), pkg/remote's cache and pkg/render's overlay folders; it reaches the
// network only through pkg/remote.
func TestPipelineWritesAndDownloadsThroughItsStages(t *testing.T) {
	m := mustLoad(t)
	for _, f := range m.pkgs["pkg/pipeline"].files {
		for _, c := range append(calls(f, writeFuncs()), calls(f, netFuncs())...) {
			t.Errorf("%s: pkg/pipeline calls %s itself; it writes through fsx.Scratch, pkg/remote and pkg/render "+
				"and downloads through pkg/remote (docs/architecture.md)", m.where(c.at), c.name)
		}
	}
}

// repository.InMemory is the reference Repository the tests fill: no production code
// builds one (built and file sets are read through localrepo and source).
func TestNoProductionInMemoryRepository(t *testing.T) {
	m := mustLoad(t)
	uses := map[string][]string{"github.com/capirepo/capirepo/pkg/repository": {"InMemory", "NewInMemory"}}
	for _, p := range m.sorted() {
		if p.path == "pkg/repository" || strings.HasPrefix(p.path, "pkg/testsupport/") {
			continue
		}
		for _, f := range p.files {
			for _, c := range calls(f, uses) {
				t.Errorf("%s: %s builds a repository.InMemory; it is the tests' reference Repository "+
					"(docs/architecture.md): read through pkg/source or pkg/localrepo", m.where(c.at), p.path)
			}
		}
	}
}

// assertedBackends are the files that may assert a value to a backend's type, and why.
var assertedBackends = map[string]string{
	"pkg/cli/verify_oci.go": "the operator's view of an OCI repository is oci.Reader's own",
}

// A Repository is read through its interface: outside its own package, a backend's
// type is asserted only where assertedBackends says.
func TestBackendTypesAssertedInOnePlace(t *testing.T) {
	m := mustLoad(t)
	for _, p := range m.sorted() {
		for _, f := range p.files {
			for _, at := range m.backendAssertions(f, p.path) {
				if file, _, _ := strings.Cut(m.where(at), ":"); assertedBackends[file] == "" {
					t.Errorf("%s: %s asserts a value to a backend's type; read it through repository.Repository "+
						"(or name the file in pkg/arch's assertedBackends, in review)", m.where(at), p.path)
				}
			}
		}
	}
}

// backendAssertions lists f's type assertions and type switch cases whose type is
// another package's backend type (T or *T).
func (m *module) backendAssertions(f *ast.File, self string) []token.Pos {
	imported := importsOf(f)
	var out []token.Pos
	check := func(e ast.Expr) {
		if s, ok := e.(*ast.StarExpr); ok {
			e = s.X
		}
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
			if path, ok := strings.CutPrefix(imported[id.Name], m.path+"/"); ok && isBackend(path) && path != self {
				out = append(out, sel.Pos())
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.TypeAssertExpr:
			if x.Type != nil {
				check(x.Type)
			}
		case *ast.TypeSwitchStmt:
			for _, c := range x.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					check(e)
				}
			}
		}
		return true
	})
	return out
}

func TestBackendAssertionsChecker(t *testing.T) {
	m := &module{path: "example.com/m"}
	src := `package p
import ("example.com/m/pkg/backend/oci"; "example.com/m/pkg/repository")
func f(r repository.Repository) {
	_, _ = r.(*oci.Reader)
	_, _ = r.(repository.Repository)
	switch r.(type) { case oci.Reader, *oci.Other: }
}`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(m.backendAssertions(f, "pkg/cli")); got != 3 {
		t.Errorf("%d assertions found, want 3", got)
	}
	if got := len(m.backendAssertions(f, "pkg/backend/oci")); got != 0 {
		t.Errorf("a backend's own assertions: %d found, want 0", got)
	}
}

// providerHolders are the structs that embed layout.Provider: the files that name a
// provider and check's groups of them (docs/architecture.md lists them under
// pkg/layout). pkg/scaffold's, whose structs its rebuild renames, are not listed.
var providerHolders = []string{"pkg/check.group", "pkg/clusterctlcfg.Provider", "pkg/config.Provider",
	"pkg/localrepo.Entry", "pkg/mirror.Record", "pkg/release.Release"}

// A provider's identity is layout.Provider, embedded: the structs that embed it are
// the ones the page lists, and no struct spells the pair as its own Name and Type fields
// of layout's types.
func TestProviderIdentityIsEmbedded(t *testing.T) {
	m := mustLoad(t)
	var got []string
	for _, p := range m.sorted() {
		for _, f := range p.files {
			if held := m.providerStructs(t, f, p.path); p.path != "pkg/scaffold" {
				got = append(got, held...)
			}
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, providerHolders) {
		t.Errorf("the structs that embed layout.Provider are %v, the list (providerHolders, docs/architecture.md) %v: "+
			"update both in review", got, providerHolders)
	}
}

// providerStructs lists f's structs that embed layout.Provider, and fails t on a
// struct with a field of type layout.Type beside a Name string field.
func (m *module) providerStructs(t *testing.T, f *ast.File, path string) []string {
	layoutName := ""
	for name, p := range importsOf(f) {
		if p == m.path+"/pkg/layout" {
			layoutName = name
		}
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok || layoutName == "" {
			return true
		}
		if embedsProvider(st, layoutName) {
			out = append(out, path+"."+ts.Name.Name)
		} else if pairedNameAndType(st, layoutName) {
			t.Errorf("%s: %s.%s holds a provider's Name and Type itself; embed layout.Provider", m.where(ts.Pos()), path, ts.Name.Name)
		}
		return true
	})
	return out
}

func embedsProvider(st *ast.StructType, layoutName string) bool {
	for _, fl := range st.Fields.List {
		if sel, ok := fl.Type.(*ast.SelectorExpr); ok && len(fl.Names) == 0 && isIdent(sel.X, layoutName) && sel.Sel.Name == "Provider" {
			return true
		}
	}
	return false
}

func pairedNameAndType(st *ast.StructType, layoutName string) bool {
	var name, typ bool
	for _, fl := range st.Fields.List {
		for _, n := range fl.Names {
			sel, isSel := fl.Type.(*ast.SelectorExpr)
			typ = typ || n.Name == "Type" && isSel && isIdent(sel.X, layoutName) && sel.Sel.Name == "Type"
			name = name || n.Name == "Name" && isIdent(fl.Type, "string")
		}
	}
	return name && typ
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
