package contract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// declaredRules lists the rules the package's files declare: every package-level var
// set by rule(...) or clusterctlRule(...), by name.
func declaredRules(t *testing.T) map[string]string {
	t.Helper()
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range pkgs["contract"].Files {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
				ruleVars(g, out)
			}
		}
	}
	return out
}

// ruleVars adds g's vars whose value is a rule(...) or clusterctlRule(...) call, with
// the id it gives.
func ruleVars(g *ast.GenDecl, out map[string]string) {
	for _, s := range g.Specs {
		vs := s.(*ast.ValueSpec)
		for i, n := range vs.Names {
			if i >= len(vs.Values) {
				continue
			}
			c, ok := vs.Values[i].(*ast.CallExpr)
			if id, isID := fnIdent(c, ok); isID && (id == "rule" || id == "clusterctlRule") && len(c.Args) > 0 {
				if lit, ok := c.Args[0].(*ast.BasicLit); ok {
					out[n.Name] = strings.Trim(lit.Value, `"`)
				}
			}
		}
	}
}

func fnIdent(c *ast.CallExpr, ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	id, isID := c.Fun.(*ast.Ident)
	if !isID {
		return "", false
	}
	return id.Name, true
}

// TestEveryDeclaredRuleIsListed: a rule declared in a topic file and missing from
// Rules() would fire but be unknown to --list-rules, SARIF and --disable.
func TestEveryDeclaredRuleIsListed(t *testing.T) {
	t.Parallel()
	listed := map[string]bool{}
	for _, r := range Rules() {
		listed[r.ID] = true
	}
	declared := declaredRules(t)
	if len(declared) < 50 {
		t.Fatalf("only %d rule vars found: the test no longer reads the rule declarations", len(declared))
	}
	for name, id := range declared {
		if !listed[id] {
			t.Errorf("%s (%s) is declared but not in Rules() (registry.go)", name, id)
		}
	}
	if len(declared) != len(listed) {
		t.Errorf("%d rules declared, %d listed: every listed rule is declared once with rule() or clusterctlRule()", len(declared), len(listed))
	}
}

// TestChecksReportTheirRules: the pairing of componentChecks is true. Each rule a
// check lists fires from that check alone on the rule's failing fixture.
func TestChecksReportTheirRules(t *testing.T) {
	t.Parallel()
	for i, c := range componentChecks {
		for _, r := range c.rules {
			dir := filepath.Join("testdata", "rules", r.ID, "fail")
			if !firesAlone(t, c, dir, r.ID) {
				t.Errorf("componentChecks[%d] lists %s, but alone it does not report it on %s: list the rule with the check that reports it", i, r.ID, dir)
			}
		}
	}
}

// firesAlone runs one check over the components files of a fixture folder.
func firesAlone(t *testing.T, c componentCheck, dir, id string) bool {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("reading fixture %s: %v", dir, err)
	}
	for _, e := range entries {
		if layout.FileKind(e.Name()) != layout.KindComponents {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		docs, err := manifest.Split(data)
		if err != nil {
			t.Fatal(err)
		}
		if len(reported(c.run(newScan(inputFor(e.Name(), string(data), docs))), id)) > 0 {
			return true
		}
	}
	return false
}
