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
		a, b := inputFor(f, string(data), full), inputFor(f, string(data), slim)
		if fa, fb := Components(a), Components(b); !reflect.DeepEqual(fa, fb) {
			t.Errorf("%s: full parse\n%s\nslim parse\n%s", f, strings.Join(lines(fa), "\n"), strings.Join(lines(fb), "\n"))
		}
	}
}
