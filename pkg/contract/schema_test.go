package contract

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// TestFieldRulePathsKept: every path a schema rule reads survives manifest's Slim
// pruning (manifest.ContractSchemaPaths).
func TestFieldRulePathsKept(t *testing.T) {
	t.Parallel()
	kept := map[string]bool{}
	for _, p := range manifest.ContractSchemaPaths {
		for i := range p {
			if p[i] == '.' {
				kept[p[:i]] = true
			}
		}
		kept[p] = true
	}
	for _, r := range fieldRules {
		for _, ws := range r.want {
			for _, w := range ws {
				for f := range w.fields {
					if p := w.path + "." + f; !kept[p] && !kept[w.path+".*"] {
						t.Errorf("%s reads %s, which Slim drops", r.rule.ID, p)
					}
				}
				if !kept[w.path] {
					t.Errorf("%s reads %s, which Slim drops", r.rule.ID, w.path)
				}
			}
		}
	}
}

// TestSchemaRulesSameOnSlimParse: the contract fixtures give the same findings when
// parsed as capirepo lint parses components (Slim: schemas pruned to contract paths).
func TestSchemaRulesSameOnSlimParse(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/rules/contract-*/*/*-components.yaml")
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		full, err := manifest.Split(data)
		if err != nil {
			t.Fatal(err)
		}
		slim, err := manifest.SplitWith(data, manifest.Options{Slim: true})
		if err != nil {
			t.Fatal(err)
		}
		// As build parses its own render: past the parallel threshold, schema lines
		// are pruned as text before parsing (the padding is one comment-only document).
		padded := append(append([]byte(nil), data...), []byte("\n---\n# "+strings.Repeat("x", 300<<10)+"\n")...)
		rendered, err := manifest.SplitWith(padded, manifest.Options{Slim: true, Rendered: true})
		if err != nil {
			t.Fatal(err)
		}
		want := Components(inputFor(f, string(data), full))
		for name, docs := range map[string][]manifest.Doc{"slim": slim, "rendered": rendered} {
			if got := Components(inputFor(f, string(data), docs)); !reflect.DeepEqual(want, got) {
				t.Errorf("%s: full parse\n%s\n%s parse\n%s", f, strings.Join(lines(want), "\n"), name, strings.Join(lines(got), "\n"))
			}
		}
	}
}
