package scaffold

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// releaseFile is where a release case's release config is written, next to the
// capirepo.yaml init writes, so that its paths resolve against the same tree.
const releaseFile = "release.capirepo.yaml"

// buildRelease builds a case's release config (what the provider's own release
// pipeline ships, written as capirepo.yaml) from the fixture tree in dir.
func buildRelease(t *testing.T, dir, config string) *release.Set {
	t.Helper()
	file := filepath.Join(dir, releaseFile)
	if err := os.WriteFile(file, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := buildFile(t, file)
	if err != nil || res.Findings.HasErrors() {
		t.Fatalf("the release config does not build: %v %v\n%s", err, res, config)
	}
	return res.Set
}

// difference is one difference capirepo diff reports between init's build (A) and the
// release (B), with the config key a question must be about for it not to be silent.
type difference struct{ label, field, text string }

func (d difference) String() string { return d.label + ": " + d.text }

// compareRelease compares init's build with the release's as capirepo diff does
// (pkg/diff over inventory inputs), and names the field of each difference. Two
// releases diff paired although their labels differ (one left on each side, or one
// against several merged) are a name difference: clusterctl installs them apart.
func compareRelease(t *testing.T, built, shipped *release.Set) []difference {
	t.Helper()
	rep, err := diff.Compare("init's build", "the release", inventory.Built(built.Releases, "init's build"), inventory.Built(shipped.Releases, "the release"))
	if err != nil {
		t.Fatalf("diff: %v", err)
	}
	var out []difference
	for _, p := range rep.Pairs {
		label := pairLabel(p)
		if p.A != nil && p.B != nil && p.A.Label != p.B.Label {
			out = append(out, difference{label, "name", "built as " + p.A.Label + ", the release ships " + p.B.Label})
		}
		for _, d := range p.Differences {
			out = append(out, difference{label, fieldOf(d), d.String()})
		}
	}
	return out
}

// pairLabel is the release's label of a pair, else the build's.
func pairLabel(p diff.Pair) string {
	if p.B != nil {
		return p.B.Label
	}
	return p.A.Label
}

// unrecognised is the field of a difference fieldOf does not know: no question covers it.
const unrecognised = "unrecognised"

// fieldOf is the config key a difference is about: the provider (a release on one
// side only), its image, pull policy, templates (a template file, or anything inside
// one) or components file name; anything else is unrecognised.
func fieldOf(d diff.Difference) string {
	file := d.File
	if d.Section == diff.SectionFiles {
		file = d.Subject
	}
	kind := layout.FileKind(file)
	switch {
	case d.Section == diff.SectionReleases:
		return "name"
	case d.Section == diff.SectionImages:
		return "image"
	case d.Section == diff.SectionObjects && path.Ext(d.Path) == ".imagePullPolicy":
		return "pullPolicy"
	case kind == layout.KindTemplate || kind == layout.KindClusterClass:
		return "templates"
	case d.Section == diff.SectionFiles && kind == layout.KindComponents && d.Change != diff.Changed:
		return "componentsFile"
	}
	return unrecognised
}

// silent returns the differences no question of the plan is about: a value init wrote
// wrong without saying so. An image difference is covered by a question on the image or
// its tag, a template's by one on templates, the components file's name by one on it or
// on the name; a difference fieldOf does not know is never covered.
func silent(diffs []difference, qs []Question) []string {
	covers := map[string][]string{"image": {"image", "tag"}, "pullPolicy": {"pullPolicy"},
		"templates": {"templates"}, "componentsFile": {"componentsFile", "name"}, "name": {"name"}}
	var out []string
	for _, d := range diffs {
		if !slices.ContainsFunc(qs, func(q Question) bool {
			return (q.Provider == d.label || d.field == "name") && slices.Contains(covers[d.field], q.Field)
		}) {
			out = append(out, d.String())
		}
	}
	return out
}

// disputed keeps the questions a contradiction raised, not decide's unproven ones.
func disputed(qs []Question) []Question {
	return slices.DeleteFunc(slices.Clone(qs), func(q Question) bool { return q.unproven })
}

// asked lists the questions as "label field", sorted.
func asked(qs []Question) []string {
	var out []string
	for _, q := range qs {
		out = append(out, strings.TrimSpace(q.Provider+" "+q.Field))
	}
	return slices.Compact(slices.Sorted(slices.Values(out)))
}

// TestFieldOf: each kind of difference maps to the field a question must be about, and
// one it does not know stays silent whatever init asks.
func TestFieldOf(t *testing.T) {
	t.Parallel()
	cases := map[string]diff.Difference{
		"name":           {Section: diff.SectionReleases, Subject: "infrastructure-foo v1.2.0", Change: diff.OnlyInA},
		"image":          {Section: diff.SectionImages, File: "infrastructure-components.yaml", Subject: "ghcr.io/acme/foo", Change: diff.Changed},
		"pullPolicy":     {Section: diff.SectionObjects, File: "infrastructure-components.yaml", Path: "spec.template.spec.containers[manager].imagePullPolicy", Change: diff.Changed},
		"templates":      {Section: diff.SectionVariables, File: "cluster-template-ha.yaml", Subject: "${POD_CIDR}", Change: diff.OnlyInB},
		"componentsFile": {Section: diff.SectionFiles, Subject: "controlplane-components.yaml", Change: diff.OnlyInB},
		unrecognised:     {Section: diff.SectionCRDs, File: "infrastructure-components.yaml", Subject: "fooclusters.infrastructure.cluster.x-k8s.io", Change: diff.Changed},
	}
	var all []Question
	for field, d := range cases {
		if got := fieldOf(d); got != field {
			t.Errorf("fieldOf(%v) = %q, want %q", d, got, field)
		}
		all = append(all, Question{Provider: "infrastructure-foo", Field: field})
	}
	d := difference{"infrastructure-foo", fieldOf(cases[unrecognised]), cases[unrecognised].String()}
	if s := silent([]difference{d}, all); len(s) != 1 {
		t.Errorf("an unrecognised difference is covered by a question: %v", s)
	}
}
