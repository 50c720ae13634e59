package arch

import (
	"fmt"
	"go/ast"
	"go/token"
)

// write is one run-time write found in a function body.
type write struct {
	at   token.Pos
	fn   string // the declared function it is in ("init", "Run", "(*T).f"), or "var initializer"
	verb string // "assigns", "takes the address of"
	what string
}

// writes finds every run-time write of a package's variables in one file: in function
// bodies and in function literals of package-level declarations.
func (g globals) writes(f *ast.File) []write {
	var out []write
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		switch {
		case !ok:
			out = append(out, g.inBody("var initializer", d, false)...)
		case fd.Body != nil:
			out = append(out, g.inBody(funcName(fd), fd.Body, true)...)
		}
	}
	return out
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	return fmt.Sprintf("(%s).%s", exprString(fd.Recv.List[0].Type), fd.Name.Name)
}

func exprString(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return "*" + exprString(x.X)
	case *ast.IndexExpr:
		return exprString(x.X)
	case *ast.IndexListExpr:
		return exprString(x.X)
	case *ast.Ident:
		return x.Name
	}
	return "?"
}

// inBody collects the writes below n; inFunc says n is a function body already (a
// declaration's own initializer is not a write: only function literals in it are).
func (g globals) inBody(fn string, n ast.Node, inFunc bool) []write {
	var out []write
	add := func(at token.Pos, verb string, e ast.Expr) {
		if what := g.written(e); what != "" {
			out = append(out, write{at, fn, verb, what})
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && !inFunc {
			out = append(out, g.inBody(fn, lit.Body, true)...)
			return false
		}
		if inFunc {
			g.visit(n, add)
		}
		return true
	})
	return out
}

// visit reports the expressions one node writes: assignments (not :=, which
// declares), ++ and --, range assignments, and &v.
func (g globals) visit(n ast.Node, add func(token.Pos, string, ast.Expr)) {
	switch x := n.(type) {
	case *ast.AssignStmt:
		for _, lhs := range x.Lhs {
			if x.Tok != token.DEFINE {
				add(lhs.Pos(), "assigns", lhs)
			}
		}
	case *ast.IncDecStmt:
		add(x.Pos(), "assigns", x.X)
	case *ast.RangeStmt:
		if x.Tok == token.ASSIGN {
			add(x.Pos(), "assigns", x.Key)
			add(x.Pos(), "assigns", x.Value)
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			add(x.Pos(), "takes the address of", x.X)
		}
	}
}
