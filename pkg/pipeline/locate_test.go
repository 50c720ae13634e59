package pipeline

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
)

// TestSourcePaths: with SourcePaths, every finding names the source a release file
// came from, relative to the repository root (the folder holding .git, above
// capirepo.yaml): the file kustomize read an object from, at the line that reads as
// the released line (through a nested kustomization with a name prefix), a template
// shipped byte for byte at its own line, a rendered flavor's source, and the
// kustomization for a finding on a whole rendered file. Without it, findings name
// the release's files.
func TestSourcePaths(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		".git/HEAD":                              "ref: refs/heads/main\n",
		"repo/config/kustomization.yaml":         "namePrefix: x-\nresources: [base]\n",
		"repo/config/base/kustomization.yaml":    "resources: [all.yaml]\n",
		"repo/config/base/all.yaml":              strings.Replace(allYAML, "registry.example.com/tiny:v1", "registry.example.com/tiny:${TAG}", 1),
		"repo/templates/cluster-template-p.yaml": "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${A$B}\n",
		"repo/templates/f/kustomization.yaml":    "resources: [cluster.yaml]\n",
		"repo/templates/f/cluster.yaml":          "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  labels: {a: b}\n  name: ${C$D}\n",
	}
	cfg := project(t, "  templates:\n  - path: templates\n  - flavor: f\n    kustomize: templates/f\n", files)
	res, err := build(t, cfg, Options{SourcePaths: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"repo/config/base/all.yaml:18: error vars-image",
		"repo/templates/cluster-template-p.yaml:4: error vars-parse",
		"repo/templates/f/cluster.yaml:5: error vars-parse",
	}
	for _, w := range want {
		if !slices.ContainsFunc(res.Findings, func(f lint.Finding) bool { return strings.HasPrefix(f.String(), w) }) {
			t.Errorf("no finding %q in\n%s", w, text(res.Findings))
		}
	}
	for _, f := range res.Findings {
		if strings.Contains(f.File, "v1.0.0") || strings.HasPrefix(f.File, "/") {
			t.Errorf("%s: names a release file or an absolute path", f)
		}
	}
	plain, err := build(t, cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(plain.Findings, func(f lint.Finding) bool {
		return strings.HasPrefix(f.String(), "infrastructure-tiny/v1.0.0/infrastructure-components.yaml:")
	}) {
		t.Errorf("without SourcePaths:\n%s", text(plain.Findings))
	}
}

// TestSourcePathsWholeFile: a finding on a whole rendered file (no line) names its
// kustomization.
func TestSourcePathsWholeFile(t *testing.T) {
	t.Parallel()
	cfg := project(t, "", nil)
	in := &inputs{cfg: cfg}
	opts := in.render(cfg.Abs("config"), "")
	tr, err := newTracer(context.Background(), []byte(allYAML), origin{render: &opts}, in.renderedOrigins)
	if err != nil {
		t.Fatal(err)
	}
	got := tr.locate(lint.Finding{Rule: "r", File: "x/v1.0.0/c.yaml", Message: "m"}, "c.yaml")
	if got.File != cfg.Abs("config/kustomization.yaml") || got.Line != 0 || got.Message != "m" {
		t.Errorf("located %+v", got)
	}
}

func text(fs lint.Findings) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.String())
	}
	return strings.Join(out, "\n")
}
