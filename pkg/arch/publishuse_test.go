package arch

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"
)

// allowedFromPublish is what a destination may name in pkg/publish, read from its
// declarations: exported types (the interfaces it implements and the values they
// carry), exported constants, exported Err* values, and NewState and SnapshotOf.
// Not Publish, nor anything else that runs the plan: that is the callers' entry point.
func (m *module) allowedFromPublish() map[string]bool {
	ok := map[string]bool{"NewState": true, "SnapshotOf": true, "Invalid": true} // Invalid marks an error ErrInvalid
	for _, f := range m.pkgs["pkg/publish"].files {
		for _, d := range f.Decls {
			if g, isGen := d.(*ast.GenDecl); isGen {
				allowSpecs(ok, g)
			}
		}
	}
	return ok
}

func allowSpecs(ok map[string]bool, g *ast.GenDecl) {
	for _, s := range g.Specs {
		switch s := s.(type) {
		case *ast.TypeSpec:
			ok[s.Name.Name] = s.Name.IsExported()
		case *ast.ValueSpec:
			for _, n := range s.Names {
				ok[n.Name] = n.IsExported() && (g.Tok == token.CONST || strings.HasPrefix(n.Name, "Err"))
			}
		}
	}
}

// publishName is the name a file imports pkg/publish under, or "" when it does not.
func (m *module) publishName(f *ast.File) string {
	for _, spec := range f.Imports {
		if to, ok := m.project(spec); ok && to == "pkg/publish" {
			if spec.Name != nil {
				return spec.Name.Name
			}
			return m.pkgs["pkg/publish"].files[0].Name.Name
		}
	}
	return ""
}

func TestDestinationsUseOnlyPublishInterfaces(t *testing.T) {
	m := mustLoad(t)
	ok := m.allowedFromPublish()
	if !ok["Destination"] || !ok["Plan"] || ok["Publish"] {
		t.Fatalf("allowed names computed from pkg/publish look wrong (%v): update pkg/arch", ok)
	}
	dests := m.destinations()
	for _, p := range m.sorted() {
		if dests[p.path] {
			m.checkPublishUse(t, p, ok)
		}
	}
}

// checkPublishUse fails on every publish.X in p that is not in ok.
func (m *module) checkPublishUse(t *testing.T, p *pkg, ok map[string]bool) {
	for _, f := range p.files {
		name := m.publishName(f)
		if name == "." {
			t.Errorf("%s: %s dot-imports pkg/publish; import it by name", m.where(f.Package), p.path)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, isSel := n.(*ast.SelectorExpr)
			if !isSel {
				return true
			}
			if id, isID := sel.X.(*ast.Ident); isID && id.Obj == nil && id.Name == name && !ok[sel.Sel.Name] {
				t.Errorf("%s: destination %s uses %s.%s; a destination takes from pkg/publish only the types it "+
					"implements and carries, constants, errors (and Invalid), NewState and SnapshotOf: leave running the plan to its callers",
					m.where(sel.Pos()), p.path, name, sel.Sel.Name)
			}
			return true
		})
	}
}
