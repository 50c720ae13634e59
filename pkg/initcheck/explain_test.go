package initcheck

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

const proposal = `providers:
- name: tiny
  type: BootstrapProvider
  components:
    kustomize: config
    imagePullPolicy: IfNotPresent
  metadata: metadata.yaml
  templates:
  - flavor: dev
    kustomize: templates/dev
  # - flavor: ha  (templates/ha: Makefile:12 renders it in a test target)
`

// TestExplain: each kind of difference cites the line that produced the build's side,
// or asks, naming a commented line when there is one.
func TestExplain(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse("capirepo.yaml", []byte(proposal))
	if err != nil {
		t.Fatal(err)
	}
	set := &release.Set{Releases: []*release.Release{{Provider: cfg.Providers[0].Provider, Version: layout.MustParseVersion("v1.0.0"), ComponentsFile: "bootstrap-components.yaml",
		Files: []release.File{{Name: "bootstrap-components.yaml"}, {Name: "metadata.yaml"}, {Name: "cluster-template-dev.yaml"}}}}}
	e := &explainer{cfg: cfg, set: set, lines: newConfigLines([]byte(proposal))}
	cases := []struct {
		d         diff.Difference
		line      int
		explained bool
		words     string
	}{
		{diff.Difference{Section: diff.SectionFiles, Subject: "cluster-template-dev.yaml", Change: diff.OnlyInA}, 9, true, "the release does not ship it"},
		{diff.Difference{Section: diff.SectionFiles, Subject: "cluster-template-ha.yaml", Change: diff.OnlyInB}, 11, false, "uncomment it?"},
		{diff.Difference{Section: diff.SectionFiles, Subject: "clusterclass-quick.yaml", Change: diff.OnlyInB}, 0, false, "add a templates: or files: entry"},
		{diff.Difference{Section: diff.SectionObjects, File: "bootstrap-components.yaml", Subject: "Deployment.apps s/m", Path: "spec.template.spec.containers[manager].imagePullPolicy", Change: diff.Changed, A: "IfNotPresent", B: "Always"}, 6, true, `the release's is "Always"`},
		{diff.Difference{Section: diff.SectionCRDs, File: "bootstrap-components.yaml", Subject: "x.bootstrap.cluster.x-k8s.io", Path: "versions[v1].served", Change: diff.Changed}, 5, true, "kustomize: config"},
		{diff.Difference{Section: diff.SectionMetadata, File: "metadata.yaml", Subject: "series v1.1", Change: diff.OnlyInB}, 7, true, "metadata: metadata.yaml"},
		{diff.Difference{Section: diff.SectionImages, Subject: "registry.example.com/tiny", Change: diff.Changed, A: "registry.example.com/tiny:v1", B: "ghcr.io/acme/tiny:v1.0.0"}, 0, false, "no images: entry"},
		// a VM image of a machine template (spec.template.spec.image): not a container image
		{diff.Difference{Section: diff.SectionImages, File: "cluster-template-dev.yaml", Subject: "ubuntu-2204-kube-v1.30", Change: diff.OnlyInB, B: "ubuntu-2204-kube-v1.30"}, 0, true, "not a container image"},
	}
	for _, c := range cases {
		got := e.explain(c.d)
		text := got.Explanation + got.Question
		if got.Line != c.line || (got.Explanation != "") != c.explained || (got.Explanation == "") == (got.Question == "") || !strings.Contains(text, c.words) {
			t.Errorf("%s: line %d, explanation %q, question %q; want line %d, explained %v, %q", c.d, got.Line, got.Explanation, got.Question, c.line, c.explained, c.words)
		}
	}
}
