package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
)

// TestCAPAShapedFindingsAtSources: on a tree with CAPA's shape (bases,
// patchesStrategicMerge, vars, commonLabels, a name prefix and a namespace: the
// make bench fixture), the components are about CAPA's size and every finding names
// a file of the tree, at a line it has; each CRD's findings name that CRD's file.
func TestCAPAShapedFindingsAtSources(t *testing.T) {
	t.Parallel()
	file, _ := bigtree.CAPA(t)
	cfg, err := config.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	res, err := build(t, cfg, Options{SourcePaths: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(res.Set.Releases[0].File(cfg.Providers[0].ComponentsFile).Data); n < 1100<<10 || n > 1400<<10 {
		t.Errorf("components of %d bytes, want about 1.2 MB", n)
	}
	if len(res.Findings) < 40 {
		t.Errorf("%d findings, want about CAPA's (44):\n%s", len(res.Findings), text(res.Findings))
	}
	crds := 0
	for _, f := range res.Findings {
		if strings.HasPrefix(f.Object, "CustomResourceDefinition ") {
			crds++
		}
		data, err := os.ReadFile(filepath.Join(cfg.Dir, f.File))
		if err != nil || f.Line > strings.Count(string(data), "\n")+1 {
			t.Errorf("%s: no such source line (%v)", f, err)
		}
		if name, ok := strings.CutPrefix(f.Object, "CustomResourceDefinition "); ok && f.File != "config/crd/bases/"+name+".yaml" {
			t.Errorf("%s: not at the CRD's file", f)
		}
	}
	if crds < 30 {
		t.Errorf("%d findings on CRDs, want CAPA's (37)", crds)
	}
}
