package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"testing"
)

// clusterctlName matches a string literal that is (or builds) a file name clusterctl
// or the operator reads: metadata.yaml, components files, templates, ClusterClasses,
// signature bundles. Messages that mention them are longer sentences and do not match.
var clusterctlName = regexp.MustCompile(`^(metadata\.yaml|([a-z-]+-)?components\.yaml|[a-z-]*-components|cluster-template(\.yaml|-)?|clusterclass-?|\.sigstore\.json)$`)

// tokenVariable matches the name of a variable holding a secret.
var tokenVariable = regexp.MustCompile(`^(GITHUB_TOKEN|GH_TOKEN|GITLAB_[A-Z_]*TOKEN|CI_JOB_TOKEN|OCI_[A-Z_]+|DOCKER_CONFIG|SIGSTORE_ID_TOKEN|ACTIONS_ID_TOKEN_[A-Z_]+|COSIGN_PASSWORD)$`)

// literals lists f's string literals that match re.
func literals(f *ast.File, re *regexp.Regexp) map[token.Pos]string {
	out := map[token.Pos]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && re.MatchString(s) {
				out[lit.Pos()] = s
			}
		}
		return true
	})
	return out
}

// Names are spelled in pkg/layout: everyone else calls layout.MetadataFile,
// layout.ComponentsFile, layout.TemplateFile, layout.BundleFile, ... . pkg/scaffold
// reads a provider's source tree, whose folders and flavors use the same words.
func TestClusterctlNamesOnlyInLayout(t *testing.T) {
	m := mustLoad(t)
	for _, p := range m.sorted() {
		if p.path == "pkg/layout" || p.path == "pkg/scaffold" || hasPrefix([]string{"pkg/testsupport/"}, p.path) {
			continue
		}
		for _, f := range p.files {
			for at, s := range literals(f, clusterctlName) {
				t.Errorf("%s: %q spells a clusterctl file name; use pkg/layout's name for it (docs/architecture.md)", m.where(at), s)
			}
		}
	}
}

// Every secret variable is read under the one token policy, pkg/source/tokens.go.
func TestTokenVariablesOnlyInThePolicy(t *testing.T) {
	m := mustLoad(t)
	for _, p := range m.sorted() {
		if hasPrefix([]string{"pkg/testsupport/"}, p.path) {
			continue
		}
		for _, f := range p.files {
			for at, s := range literals(f, tokenVariable) {
				if where := m.where(at); !regexp.MustCompile(`^pkg/source/tokens\.go:`).MatchString(where) {
					t.Errorf("%s: %q is a token variable; read it through pkg/source (tokens.go), the one token policy", where, s)
				}
			}
		}
	}
}

func TestLiteralsChecker(t *testing.T) {
	src := `var a = []string{"metadata.yaml", "infrastructure-components.yaml", "clusterclass-", ".sigstore.json",
	"cluster-template", "no metadata.yaml found", "components", "-components", "OCI_USERNAME", "set OCI_USERNAME", "GITLAB_DEPLOY_TOKEN", "CI"}`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\n"+src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(literals(f, clusterctlName)); got != 6 {
		t.Errorf("%d clusterctl names found, want 6", got)
	}
	if got := len(literals(f, tokenVariable)); got != 2 {
		t.Errorf("%d token variables found, want 2", got)
	}
}
