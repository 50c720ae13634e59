package initcheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/pipeline"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/scaffold"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// classCase is a hand-written tree shaped like a provider where init was silently
// wrong (issue 37's classes), and its release: what the provider's own release
// pipeline ships, written as the capirepo.yaml that reproduces it (plus files a
// generator wrote).
type classCase struct {
	name      string
	files     map[string]string
	release   string            // the capirepo.yaml reproducing the fixture's release
	generated map[string]string // released files nothing in the tree builds
	offline   []string          // fields init must ask about without the release
	asks      []string          // fields init must still ask about with it (none: it proves everything, exit 0)
}

const classVersion = "v1.2.0"

// buildWith builds the tree in dir with the config text as classVersion.
func buildWith(t *testing.T, dir, name, text string) *release.Set {
	t.Helper()
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(file)
	cfg, err := config.Load(file)
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, text)
	}
	v, _ := layout.ParseVersion(classVersion)
	res, err := pipeline.Build(t.Context(), cfg, pipeline.Options{Version: v, Published: []string{}, Offline: true, TempDir: t.TempDir()})
	if err != nil {
		t.Fatalf("building %s: %v\n%s", name, err, text)
	}
	return res.Set
}

// releaseOf is the fixture's release as init reads it.
func (c classCase) releaseOf(t *testing.T, dir string) (*lastRelease, *release.Set) {
	set := buildWith(t, dir, "release.capirepo.yaml", c.release)
	rel := &lastRelease{name: "the fixture's release", version: classVersion, tree: dir}
	for _, r := range set.Releases {
		rel.files = append(rel.files, r.Files...)
	}
	for name, body := range c.generated {
		rel.files = append(rel.files, release.File{Name: name, Data: []byte(body)})
		set.Releases[0].Files = append(set.Releases[0].Files, release.File{Name: name, Data: []byte(body)})
	}
	return rel, set
}

// silentWrongs builds the plan's config and compares it with the release as capirepo
// diff does: each difference no question of the plan covers is a silent wrong.
func silentWrongs(t *testing.T, dir string, plan *scaffold.Plan, shipped *release.Set) ([]string, []scaffold.Question) {
	t.Helper()
	text, qs := plan.Render()
	built := buildWith(t, dir, "init.capirepo.yaml", string(text))
	rep, err := diff.Compare("init's build", "the release", inventory.Built(built.Releases, "init"), inventory.Built(shipped.Releases, "release"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range rep.Pairs {
		if p.A != nil && p.B != nil && p.A.Label != p.B.Label {
			p.Differences = append(p.Differences, diff.Difference{Section: diff.SectionReleases, Subject: p.A.Label + " built, " + p.B.Label + " released", Change: diff.Changed})
		}
		for _, d := range p.Differences {
			if !slices.ContainsFunc(qs, func(q scaffold.Question) bool { return slices.Contains(covering(d), q.Field) }) {
				out = append(out, d.String())
			}
		}
	}
	return out, qs
}

// covering lists the fields a question must be about to cover a difference.
func covering(d diff.Difference) []string {
	file := d.File
	if d.Section == diff.SectionFiles {
		file = d.Subject
	}
	switch {
	case d.Section == diff.SectionImages:
		return []string{"image", "tag", "extraComponents"}
	case d.Section == diff.SectionMetadata:
		return []string{"metadata"}
	case d.Section == diff.SectionReleases:
		return []string{"name"}
	}
	switch layout.FileKind(file) {
	case layout.KindTemplate, layout.KindClusterClass:
		return []string{"templates"}
	case layout.KindComponents:
		return []string{"components", "componentsFile", "extraComponents", "pullPolicy", "image"}
	case layout.KindMetadata:
		return []string{"metadata"}
	}
	return []string{"files"}
}

func fields(qs []scaffold.Question) []string {
	var out []string
	for _, q := range qs {
		out = append(out, q.Field)
	}
	return slices.Compact(slices.Sorted(slices.Values(out)))
}

// TestInitClassesProven: per class, init without the release asks about every value
// the tree alone cannot prove (and writes no wrong value silently: its build differs
// from the release only where it asks); with the release it takes the release's
// values, asks only what the release cannot answer, and its build equals the release
// (pkg/diff) except where it asks.
func TestInitClassesProven(t *testing.T) {
	t.Parallel()
	for _, c := range classCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := tree.Write(t, c.files)
			plan, err := scaffold.Inspect(t.Context(), dir)
			if err != nil {
				t.Fatal(err)
			}
			rel, shipped := c.releaseOf(t, dir)
			wrong, qs := silentWrongs(t, dir, plan, shipped)
			if len(wrong) > 0 {
				t.Errorf("offline: silent wrongs %v\n%s", wrong, plan.Config())
			}
			for _, f := range c.offline {
				if !slices.Contains(fields(qs), f) {
					t.Errorf("offline: not asked about %s (asked %v)\n%s", f, fields(qs), plan.Config())
				}
			}
			prove(t.Context(), plan, rel)
			wrong, qs = silentWrongs(t, dir, plan, shipped)
			if len(wrong) > 0 {
				t.Errorf("with the release: silent wrongs %v\n%s", wrong, plan.Config())
			}
			if got := fields(qs); !slices.Equal(got, c.asks) {
				t.Errorf("with the release: asked %v, want %v\n%s", got, c.asks, plan.Config())
			}
			if len(c.asks) == 0 && strings.Contains(string(plan.Config()), "# QUESTION: ") {
				t.Errorf("a question is left:\n%s", plan.Config())
			}
		})
	}
}
