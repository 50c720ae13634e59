package check

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/capirepo/capirepo/pkg/contract"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// TestSlimKeepsComponentsFindings runs the components rules on every components
// fixture parsed in full and parsed slim (CRD schemas dropped): same findings.
func TestSlimKeepsComponentsFindings(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../contract/testdata/*/*/*/*components*.yaml")
	more, _ := filepath.Glob("../contract/testdata/*/*/*components*.yaml")
	files = append(files, more...)
	if len(files) < 10 {
		t.Fatalf("only %d components fixtures found", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		full, err1 := manifest.Split(data)
		slim, err2 := manifest.SplitWith(data, manifest.Options{Slim: contract.SlimPaths()})
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("%s: errors differ: %v / %v", f, err1, err2)
		}
		in := contract.Input{File: "c.yaml", Label: "infrastructure-foo", Type: layout.InfrastructureProvider, Contract: "v1beta1"}
		in.Docs = full
		want := contract.Components(in)
		in.Docs = slim
		if got := contract.Components(in); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: slim findings differ:\n got %v\nwant %v", f, got, want)
		}
		if a, b := crdContracts(slim), crdContracts(full); !reflect.DeepEqual(sorted(a), sorted(b)) {
			t.Errorf("%s: CRD contracts differ", f)
		}
	}
}

func sorted(s []string) []string { sort.Strings(s); return s }
