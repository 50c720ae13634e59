package arch

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
	"testing"
)

// globals are the package-level variables of one package.
type globals struct {
	names map[string]bool
	specs map[any]bool // their declarations, for identifiers the parser resolved
}

func globalsOf(p *pkg) globals {
	g := globals{map[string]bool{}, map[any]bool{}}
	for _, f := range p.files {
		for _, d := range f.Decls {
			if gen, ok := d.(*ast.GenDecl); ok && gen.Tok == token.VAR {
				g.add(gen)
			}
		}
	}
	return g
}

func (g globals) add(gen *ast.GenDecl) {
	for _, s := range gen.Specs {
		vs := s.(*ast.ValueSpec)
		g.specs[vs] = true
		for _, n := range vs.Names {
			g.names[n.Name] = n.Name != "_"
		}
	}
}

// refersTo reports whether id names one of the package's variables: resolved to its
// declaration (same file), or unresolved and so declared in another file. A local
// that shadows the name is resolved to the local, and does not count.
func (g globals) refersTo(id *ast.Ident) bool {
	if id.Obj != nil {
		return id.Obj.Kind == ast.Var && g.specs[id.Obj.Decl]
	}
	return g.names[id.Name]
}

// root returns the variable an expression writes to (v in v, v.f, v[i], *v, (v)),
// and the selector applied to it directly (os.Stderr for os.Stderr.x), if any.
func root(e ast.Expr) (*ast.Ident, *ast.SelectorExpr) {
	var sel *ast.SelectorExpr
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x, sel
		case *ast.SelectorExpr:
			e, sel = x.X, x
		case *ast.IndexExpr:
			e, sel = x.X, nil
		case *ast.IndexListExpr:
			e, sel = x.X, nil
		case *ast.StarExpr:
			e, sel = x.X, nil
		case *ast.ParenExpr:
			e = x.X
		default:
			return nil, nil
		}
	}
}

// written describes what writing e changes, or "" when it is local. An unresolved
// name with a selector that is not one of the package's variables is an imported
// package, and the selector one of its variables (os.Stderr).
func (g globals) written(e ast.Expr) string {
	id, sel := root(e)
	switch {
	case id == nil || id.Name == "_":
		return ""
	case g.refersTo(id):
		return "package-level variable " + id.Name
	case id.Obj == nil && sel != nil:
		return "another package's variable " + id.Name + "." + sel.Sel.Name
	}
	return ""
}

func TestNoPackageVariableWrittenAtRunTime(t *testing.T) {
	m := mustLoad(t)
	checked := 0
	for _, p := range m.sorted() {
		if !strings.HasPrefix(p.path, "pkg/") && !strings.HasPrefix(p.path, "cmd/") {
			continue
		}
		g := globalsOf(p)
		checked += len(g.names)
		for _, f := range p.files {
			for _, w := range g.writes(f) {
				t.Error(m.where(w.at) + ": " + w.message())
			}
		}
	}
	if checked == 0 {
		t.Fatal("no package-level variable found under pkg/ and cmd/: the rule checks nothing; update pkg/arch")
	}
}

func (w write) message() string {
	switch {
	case strings.HasPrefix(w.what, "another package"):
		return fmt.Sprintf("%s %s %s; no package-level variable is written at run time, "+
			"another package's neither: pass the value to what needs it", w.fn, w.verb, w.what)
	case w.fn == "init":
		return fmt.Sprintf("init %s %s: give it its value in its declaration", w.verb, w.what)
	}
	return fmt.Sprintf("%s %s %s at run time; no package-level variable is written at run time: "+
		"keep the state in a value the caller owns (passed in, or a field of a per-run struct)", w.fn, w.verb, w.what)
}
