package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// fileFuncs are the standard library's functions that read or write the file
// system, by import path; "*" is every function of the package.
func fileFuncs() map[string][]string {
	return map[string][]string{
		"os": {"ReadFile", "WriteFile", "Open", "OpenFile", "Create", "CreateTemp", "MkdirTemp", "Stat", "Lstat",
			"ReadDir", "Mkdir", "MkdirAll", "Remove", "RemoveAll", "Rename", "Symlink", "Link", "Readlink",
			"Chmod", "Chown", "Chtimes", "Truncate", "DirFS", "CopyFS"},
		"io/ioutil":     {"*"},
		"io/fs":         {"ReadFile", "ReadDir", "WalkDir", "Stat", "Glob", "Sub"},
		"path/filepath": {"Walk", "WalkDir", "Glob", "EvalSymlinks"},
	}
}

// fileCalls lists where f names one of the file system functions.
func fileCalls(f *ast.File) []token.Pos { return callsOf(f, fileFuncs()) }

// callsOf lists where f names one of funcs (import path → names, "*" for all).
func callsOf(f *ast.File, funcs map[string][]string) []token.Pos {
	var out []token.Pos
	for _, c := range calls(f, funcs) {
		out = append(out, c.at)
	}
	return out
}

// pkg/cli is flags, wiring, printing and exit codes: a file is read or written by
// the package that owns it (config, metadata, sign, images, scaffold, localrepo, …).
func TestCLITouchesNoFiles(t *testing.T) {
	m := mustLoad(t)
	for _, f := range m.pkgs["pkg/cli"].files {
		for _, at := range fileCalls(f) {
			t.Errorf("%s: pkg/cli reads or writes the file system itself; move that to the package "+
				"that owns the file and call it from pkg/cli", m.where(at))
		}
	}
}

// The checker on small files: how many calls each must report.
func TestFileCallsChecker(t *testing.T) {
	cases := map[string]struct {
		src  string
		want int
	}{
		"os calls":          {"import \"os\"\nfunc f() { os.ReadFile(\"a\"); os.Stat(\"a\"); _ = os.Getenv(\"A\") }", 2},
		"renamed import":    {"import o \"os\"\nfunc f() { o.MkdirAll(\"a\", 0) }", 1},
		"ioutil":            {"import \"io/ioutil\"\nfunc f() { ioutil.ReadAll(nil) }", 1},
		"filepath walk":     {"import \"path/filepath\"\nfunc f() { filepath.WalkDir(\".\", nil); _ = filepath.Join(\"a\") }", 1},
		"method of a value": {"import \"os\"\nfunc f(fi *os.File) { fi.Stat() }", 0},
		"a local named os":  {"type T struct{}\nfunc (T) Stat() {}\nfunc f() { var os T; os.Stat() }", 0},
	}
	for name, c := range cases {
		f, err := parser.ParseFile(token.NewFileSet(), name+".go", "package p\n"+c.src, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := len(fileCalls(f)); got != c.want {
			t.Errorf("%s: %d file system calls found, want %d", name, got, c.want)
		}
	}
}
