package contract

import (
	"os"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

// TestInlineClassClusterctl: clusterctl v1.14.2 generate cluster fails on a template
// shaped like CAPA v2.11.1's simple-clusterclass flavor (the class only inline), and
// lint calls it template-clusterclass-inline, an error; with the class shipped as
// clusterclass-quick-start.yaml both accept it.
func TestInlineClassClusterctl(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/clusterctl/inline-class/cluster-template-simple-clusterclass.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cluster, class, _ := strings.Cut(string(data), "\n---\n")
	inline := map[string]string{"cluster-template-simple-clusterclass.yaml": string(data)}
	shipped := map[string]string{"cluster-template-simple-clusterclass.yaml": cluster, "clusterclass-quick-start.yaml": class}
	if got := inlineErrors(t, inline); got != 1 {
		t.Errorf("inline class: %d template-clusterclass-inline errors, want 1", got)
	}
	if got := inlineErrors(t, shipped); got != 0 {
		t.Errorf("shipped class: %d template-clusterclass-inline errors, want 0", got)
	}
	for _, b := range clusterctl.Pick(t, "v1.14.2") {
		_, stderr, err := b.GenerateRelease(t, "simple-clusterclass", inline)
		if err == nil || !strings.Contains(stderr, `failed to read "clusterclass-quick-start.yaml"`) {
			t.Errorf("clusterctl %s on the inline class: err %v, want failed to read \"clusterclass-quick-start.yaml\"\n%s", b.Version, err, stderr)
		}
		if _, stderr, err := b.GenerateRelease(t, "simple-clusterclass", shipped); err != nil {
			t.Errorf("clusterctl %s with clusterclass-quick-start.yaml: %v\n%s", b.Version, err, stderr)
		}
	}
}

func inlineErrors(t *testing.T, files map[string]string) int {
	var tpls, classes []TemplateFile
	for name, data := range files {
		f := TemplateFile{Name: name, Docs: split(t, data)}
		if strings.HasPrefix(name, "clusterclass-") {
			classes = append(classes, f)
		} else {
			tpls = append(tpls, f)
		}
	}
	n := 0
	for _, f := range Templates(tpls, classes) {
		if f.Rule == ruleClassInline.ID && f.Severity == lint.Error {
			n++
		}
	}
	return n
}
