package verify

import (
	"reflect"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

func TestFindings(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tree.WriteIn(t, dir, map[string]string{
		"v0.1.0/metadata.yaml": md("0.1 v1beta1"), "v0.1.0/" + comp: "x: 1",
		"v0.2.0/" + comp: "x: 1",
	})
	src := listingSource{dirSource{dir}}
	got, err := Findings(t.Context(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{RuleLatest, RuleMetadataMissing, RuleUpgradeSeries}
	if ids := ruleIDs(got); !reflect.DeepEqual(ids, want) {
		t.Errorf("Findings rules = %v, want %v", ids, want)
	}
	rep, err := Provider(t.Context(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if all := rep.AllFindings(); !reflect.DeepEqual(got, all) {
		t.Errorf("Findings = %v, want the report's findings %v", got, all)
	}
	if !got.HasErrors() {
		t.Errorf("a folder without metadata.yaml in its highest version must give an error finding: %v", got)
	}
	tree.WriteIn(t, dir, map[string]string{"v0.2.0/metadata.yaml": md("0.1 v1beta1", "0.2 v1beta1")})
	if got, err := Findings(t.Context(), src, Options{}); err != nil || len(got) != 0 {
		t.Errorf("clean folder: Findings = %v, %v; want none", got, err)
	}
}
