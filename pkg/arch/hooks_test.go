package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// funcHooks lists the struct fields of f that are crash-test hooks written as a
// func type: a field named Step or *Hook whose type is a func literal type. Every
// writer's hook is an fsx.Hook (op, path) -> error.
func funcHooks(f *ast.File) map[token.Pos]string {
	out := map[token.Pos]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok {
			return true
		}
		for _, field := range st.Fields.List {
			if _, isFunc := field.Type.(*ast.FuncType); !isFunc {
				continue
			}
			for _, name := range field.Names {
				if name.Name == "Step" || strings.HasSuffix(name.Name, "Hook") || name.Name == "hook" {
					out[name.Pos()] = name.Name
				}
			}
		}
		return true
	})
	return out
}

func TestOneCrashHookShape(t *testing.T) {
	m := mustLoad(t)
	for _, p := range m.sorted() {
		if hasPrefix([]string{"pkg/testsupport/"}, p.path) {
			continue
		}
		for _, f := range p.files {
			for at, name := range funcHooks(f) {
				t.Errorf("%s: field %s is a hook of its own shape; a writer's crash-test hook is an fsx.Hook", m.where(at), name)
			}
		}
	}
}

func TestFuncHooksChecker(t *testing.T) {
	src := "type A struct{ Step func(what string); Hook fsx.Hook; OnHook func() error; Run func() }\ntype B struct{ Hook func(int) }"
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\n"+src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(funcHooks(f)); got != 3 {
		t.Errorf("%d func-typed hooks found, want 3 (Step, OnHook, B.Hook)", got)
	}
}
