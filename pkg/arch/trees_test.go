package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// treeReaders are the packages that may list folders (os.ReadDir, filepath.Walk,
// WalkDir, Glob, os.DirFS, fs.WalkDir, fs.Glob, fs.ReadDir), each for its own tree.
var treeReaders = map[string]string{
	"pkg/localrepo":              "local repository trees and build output: the one reader",
	"pkg/fsx":                    "staged leftovers beside what it writes",
	"pkg/backend/configmap":      "its folder of operator ConfigMaps",
	"pkg/templates":              "the provider's template folders (build side)",
	"pkg/scaffold":               "the provider's source tree (init)",
	"pkg/scaffold/releasescript": "the provider's Makefiles, scripts and pipelines (init's evaluator)",
	"pkg/images":                 "its OCI layout folders",
}

// treeSide are the packages that work on repositories: they read no file at all but
// through localrepo (or their owners: clusterctlcfg, sign's keys, source's token file).
var treeSide = []string{"pkg/backend/local", "pkg/output", "pkg/mirror", "pkg/verify", "pkg/repository", "pkg/publish"}

// listingCalls are the folder-listing functions by import path.
var listingCalls = map[string][]string{"os": {"ReadDir", "DirFS"}, "io/fs": {"ReadDir", "WalkDir", "Glob"},
	"path/filepath": {"Walk", "WalkDir", "Glob"}}

func TestOnlyLocalrepoReadsRepositoryTrees(t *testing.T) {
	m := mustLoad(t)
	for _, p := range m.sorted() {
		_, lists := treeReaders[p.path]
		for _, f := range p.files {
			for _, c := range calls(f, fileFuncs()) {
				switch {
				case contains(treeSide, p.path) && isRead(c.name):
					t.Errorf("%s: %s calls %s: a repository tree is read through pkg/localrepo", m.where(c.at), p.path, c.name)
				case !lists && isListing(c.name) && !strings.HasPrefix(p.path, "pkg/testsupport/"):
					t.Errorf("%s: %s lists a folder (%s): repository trees are listed by pkg/localrepo; another kind of "+
						"folder gets its owner in treeReaders, in review", m.where(c.at), p.path, c.name)
				}
			}
		}
	}
}

func isRead(name string) bool {
	return slices.Contains([]string{"os.ReadFile", "os.Open", "os.Stat", "os.Lstat", "os.ReadDir", "os.DirFS",
		"filepath.Walk", "filepath.WalkDir", "filepath.Glob", "fs.ReadFile", "fs.ReadDir", "fs.WalkDir", "fs.Glob", "fs.Stat"}, name)
}

func isListing(name string) bool {
	pkg, fn, _ := strings.Cut(name, ".")
	for path, fns := range listingCalls {
		if path[strings.LastIndex(path, "/")+1:] == pkg && slices.Contains(fns, fn) {
			return true
		}
	}
	return false
}

// call is one use of a standard library file function, named "pkg.Func".
type call struct {
	at   token.Pos
	name string
}

// calls lists f's uses of funcs (import path -> names; "*" all), like fileCalls.
func calls(f *ast.File, funcs map[string][]string) []call {
	imported := importsOf(f)
	var out []call
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok || id.Obj != nil {
			return true
		}
		path := imported[id.Name]
		if names, ok := funcs[path]; ok && (names[0] == "*" || slices.Contains(names, sel.Sel.Name)) {
			out = append(out, call{sel.Pos(), path[strings.LastIndex(path, "/")+1:] + "." + sel.Sel.Name})
		}
		return true
	})
	return out
}

func TestTreeCallsChecker(t *testing.T) {
	src := "import (\"os\"; \"path/filepath\")\nfunc f() { os.ReadDir(\".\"); filepath.Glob(\"*\"); os.Getenv(\"A\"); os.Stat(\"a\") }"
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\n"+src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range calls(f, fileFuncs()) {
		got = append(got, c.name)
	}
	if want := []string{"os.ReadDir", "filepath.Glob", "os.Stat"}; !slices.Equal(got, want) {
		t.Errorf("calls = %v, want %v", got, want)
	}
	if !isListing("os.ReadDir") || isListing("os.Stat") || !isRead("os.Stat") || isRead("os.MkdirAll") {
		t.Error("isListing/isRead")
	}
}

// importsOf maps the names f imports packages under to their paths.
func importsOf(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if spec.Name != nil {
			name = spec.Name.Name
		}
		out[name] = path
	}
	return out
}
