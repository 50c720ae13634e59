package initcheck

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/pipeline"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/scaffold"
)

// noMetadata is a proposal for a tree without metadata.yaml: init asks about the
// release series it wrote, on the line above them.
const noMetadata = `providers:
- name: tiny
  type: BootstrapProvider
  components:
    kustomize: config
  # QUESTION: no metadata.yaml found: init wrote a release series 0.1 with contract v1beta1
  releaseSeries: # no metadata.yaml found
  - {major: 0, minor: 1, contract: v1beta1}
  files:
  - README.md
`

const tinyComponents = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: tiny-system\n"

func tinyMetadata(minor string) string {
	return "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 0, minor: " + minor + ", contract: v1beta1}\n"
}

// compareTiny compares a build of noMetadata (metadata series 0.minor) with a release
// folder holding the same components and README.md and metadata series 0.1.
func compareTiny(t *testing.T, minor string) *Result {
	t.Helper()
	cfg, err := config.Parse("capirepo.yaml", []byte(noMetadata))
	if err != nil {
		t.Fatal(err)
	}
	files := []release.File{{Name: "bootstrap-components.yaml", Data: []byte(tinyComponents)}, {Name: "metadata.yaml", Data: []byte(tinyMetadata(minor))},
		{Name: "README.md", Data: []byte("# tiny\n")}}
	built := &pipeline.Result{Set: &release.Set{Releases: []*release.Release{{Provider: cfg.Providers[0].Provider, Version: layout.MustParseVersion("v0.1.0"),
		ComponentsFile: "bootstrap-components.yaml", Files: files}}}}
	against := filepath.Join(t.TempDir(), "bootstrap-tiny", "v0.1.0")
	if err := os.MkdirAll(against, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data := f.Data
		if f.Name == "metadata.yaml" {
			data = []byte(tinyMetadata("1"))
		}
		if err := os.WriteFile(filepath.Join(against, f.Name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := &Result{Config: noMetadata, Tag: "v0.1.0", Asked: []scaffold.Question{{Provider: "bootstrap-tiny", Field: "metadata", Text: "no metadata.yaml found", Line: 6}}}
	if err := compare(context.Background(), checkout{}, Options{Against: against}, res, built, cfg); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCompareNamesNonYAMLFiles: a file that is not YAML (a files: entry) shipped by
// both the build and the release is named on both sides, not "only in A".
func TestCompareNamesNonYAMLFiles(t *testing.T) {
	t.Parallel()
	res := compareTiny(t, "1")
	if len(res.Differences) != 0 {
		t.Errorf("differences %+v, want none", res.Differences)
	}
	if p := res.Report.Pairs; len(p) != 1 || strings.Join(p[0].NotCompared, ", ") != "README.md (A), README.md (B)" {
		t.Errorf("pairs %+v, want README.md named on both sides", p)
	}
}

// TestCompareLinksAsked: a difference whose cited line is the value init's question
// is written above carries that question.
func TestCompareLinksAsked(t *testing.T) {
	t.Parallel()
	res := compareTiny(t, "2")
	var metadata []Checked
	for _, c := range res.Differences {
		if c.Section == "metadata" {
			metadata = append(metadata, c)
		}
	}
	if len(metadata) == 0 {
		t.Fatalf("no metadata difference: %+v", res.Differences)
	}
	for _, c := range metadata {
		if c.Line != 7 || c.Asked != "no metadata.yaml found" {
			t.Errorf("%s: line %d, asked %q; want line 7 (releaseSeries) and the question above it", c.Difference, c.Line, c.Asked)
		}
	}
}
