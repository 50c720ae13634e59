package check

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/capirepo/capirepo/pkg/components"
	"github.com/capirepo/capirepo/pkg/contract"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/render"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
)

// TestRenderedComponentsSameFindings renders real and generated components with
// kustomize and checks them as a build does (schema lines skipped before parsing)
// and as lint does: same findings, same lines.
func TestRenderedComponentsSameFindings(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../contract/testdata/real/*/*components*.yaml")
	var outputs [][]byte
	for _, f := range files {
		m, err := render.File(f, render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		outputs = append(outputs, encode(t, m))
	}
	file := bigtree.Write(t, bigtree.Tree{CRDs: 12})
	m, err := render.Kustomize(render.Options{Dir: bigtree.Folders(file, bigtree.Tree{CRDs: 12})[0]})
	if err != nil {
		t.Fatal(err)
	}
	outputs = append(outputs, encode(t, m))
	for i, data := range outputs {
		for len(data) < 300<<10 { // the parallel parse, where the schema lines are skipped
			data = append(append(data, "---\n"...), outputs[len(outputs)-1]...)
		}
		r := &release.Release{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "foo"}, Version: layout.NamedVersion("v1.0.0"), ComponentsFile: "infrastructure-components.yaml",
			Files: []release.File{{Name: "infrastructure-components.yaml", Data: data}}}
		want := Release(r, Options{Partial: true})
		got := Release(r, Options{Partial: true, Rendered: []string{"infrastructure-components.yaml"}})
		if !reflect.DeepEqual(got, want) {
			t.Errorf("output %d: rendered findings differ:\n got %v\nwant %v", i, got, want)
		}
		docs, err := manifest.SplitWith(data, manifest.Options{Slim: contract.SlimPaths(), Rendered: true})
		if err != nil || len(docs) == 0 {
			t.Fatalf("output %d: %v", i, err)
		}
	}
}

func encode(t *testing.T, m render.Resources) []byte {
	b, err := components.Encode(m, components.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBenchProviderLintsClean: the generated provider the process benchmark lints
// (bigtree.Provider, in both styles) has no finding, so the benchmark times a lint
// that succeeds.
func TestBenchProviderLintsClean(t *testing.T) {
	t.Parallel()
	for _, style := range []bigtree.Style{bigtree.Kustomize, bigtree.PyYAML} {
		r := rel(map[string]string{"infrastructure-components.yaml": string(bigtree.Provider(1, style))})
		if fs := Release(r, Options{Partial: true}); len(fs) > 0 {
			t.Errorf("style %d: %v", style, fs)
		}
	}
}
