package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// declaresRules reports whether f spells a rule id of its own: a Rule* constant or
// variable with a string value, a rule("id", ...) call, or a Rule:/ID: field with a
// string literal (lint.Finding, lint.Rule).
func declaresRules(f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				found = found || strings.HasPrefix(strings.ToLower(name.Name), "rule") && i < len(n.Values) && isString(n.Values[i])
			}
		case *ast.CallExpr:
			id, ok := n.Fun.(*ast.Ident)
			found = found || ok && id.Name == "rule" && len(n.Args) > 0 && isString(n.Args[0])
		case *ast.KeyValueExpr:
			key, ok := n.Key.(*ast.Ident)
			found = found || ok && (key.Name == "Rule" || key.Name == "ID") && isString(n.Value)
		}
		return !found
	})
	return found
}

func isString(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.STRING
}

// registry is the closure of the rule lists pkg/cli's allRules joins: each X.Rules()
// it calls, and each Y.Rules() those call in turn.
func (m *module) registry() map[string]bool {
	out := map[string]bool{}
	var visit func(p *pkg, fn string)
	visit = func(p *pkg, fn string) {
		for _, f := range p.files {
			imports := importsOf(f)
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == fn {
					for _, to := range rulesCalls(fd, imports, m.path) {
						if !out[to] && m.pkgs[to] != nil {
							out[to] = true
							visit(m.pkgs[to], "Rules")
						}
					}
				}
			}
		}
	}
	visit(m.pkgs["pkg/cli"], "allRules")
	return out
}

// rulesCalls lists the project packages whose Rules() fd calls.
func rulesCalls(fd *ast.FuncDecl, imports map[string]string, module string) []string {
	var out []string
	ast.Inspect(fd, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Rules" {
			if id, ok := sel.X.(*ast.Ident); ok {
				if to, ok := strings.CutPrefix(imports[id.Name], module+"/"); ok {
					out = append(out, to)
				}
			}
		}
		return true
	})
	return out
}

// Every package that reports rules of its own lists them in its Rules(), and the
// registry (`lint --list-rules`, SARIF, --disable: pkg/cli's allRules) reaches it.
func TestRuleRegistryIsComplete(t *testing.T) {
	m := mustLoad(t)
	reg := m.registry()
	if !reg["pkg/check"] || !reg["pkg/contract"] {
		t.Fatalf("registry reaches %v; the rule finds nothing to hold it to: update pkg/arch", reg)
	}
	for _, p := range m.sorted() {
		if reg[p.path] || hasPrefix([]string{"pkg/testsupport/", "pkg/arch"}, p.path) {
			continue
		}
		if i := slices.IndexFunc(p.files, declaresRules); i >= 0 {
			t.Errorf("%s declares rule ids (%s) that `lint --list-rules` does not list: give it a Rules() and join it "+
				"in pkg/cli's allRules (or in a Rules() that does)", p.path, m.where(p.files[i].Package))
		}
	}
}

func TestDeclaresRulesChecker(t *testing.T) {
	cases := map[string]bool{
		`const RuleX = "x"`:                        true,
		`var ruleY = rule("y", 1, "text")`:         true,
		`var f = Finding{Rule: "z", Message: "m"}`: true,
		`var r = Rule{ID: "w"}`:                    true,
		`var f = Finding{Rule: other.RuleX}`:       false,
		`const Rules = 3`:                          false,
		`var msg = "rule x is off"`:                false,
	}
	for src, want := range cases {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\n"+src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := declaresRules(f); got != want {
			t.Errorf("%s: declaresRules = %v, want %v", src, got, want)
		}
	}
}
