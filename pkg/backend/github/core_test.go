package github

import (
	"errors"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

// TestConflictInSecondTagChangesNothing: the plan covers every tag, so a conflict in
// the second version stops the run before the first is touched.
func TestConflictInSecondTagChangesNothing(t *testing.T) {
	t.Parallel()
	e := publishedV1(t, fakegithub.RepoOptions{})
	before := e.fake.Releases("acme", "capx")
	s := set(provider("capx", layout.InfrastructureProvider, "v0.9.0"),
		provider("capx", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", "new"))
	_, err := run(t, e.publisher(t, e.opts()), s)
	if !errors.Is(err, publish.ErrConflict) {
		t.Fatalf("error = %v, want ErrConflict", err)
	}
	if after := e.fake.Releases("acme", "capx"); len(after) != len(before) {
		t.Errorf("releases %d → %d: the conflict was found after a write", len(before), len(after))
	}
}

// TestTagsInSemverOrder: v1.9.0 is released before v1.10.0.
func TestTagsInSemverOrder(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	s := set(provider("capx", layout.InfrastructureProvider, "v1.10.0"), provider("capx", layout.InfrastructureProvider, "v1.9.0"))
	if _, err := run(t, e.publisher(t, e.opts()), s); err != nil {
		t.Fatal(err)
	}
	rels := e.fake.Releases("acme", "capx")
	if len(rels) != 2 || rels[0].Tag != "v1.9.0" || rels[1].Tag != "v1.10.0" {
		t.Errorf("releases created in order %v, want v1.9.0 then v1.10.0", tags(rels))
	}
}

// TestLostCreateAnswerLeavesNoDraft: GitHub created the draft but its answer was
// lost; the retried create makes a second one. The run keeps one release.
func TestLostCreateAnswerLeavesNoDraft(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	e.fake.Inject(fakegithub.Fault{Route: fakegithub.RouteCreateRelease, Kind: fakegithub.FaultResetAfter})
	if _, err := run(t, e.publisher(t, e.opts()), set(provider("capx", layout.InfrastructureProvider, "v1.0.0"))); err != nil {
		t.Fatal(err)
	}
	if rel := e.onlyRelease(t); rel.Draft || len(rel.Assets) != 2 {
		t.Errorf("release draft %v with %d assets, want one published release with 2", rel.Draft, len(rel.Assets))
	}
	if got := e.fake.Hits(fakegithub.RouteCreateRelease); got != 2 {
		t.Errorf("create-release hits = %d, want 2 (the lost answer was retried)", got)
	}
}

// TestRerunAdoptsLeftDrafts: two drafts an interrupted run left (one with an
// asset, one empty) are adopted and cleaned up.
func TestRerunAdoptsLeftDrafts(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	r := provider("capx", layout.InfrastructureProvider, "v1.0.0")
	e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "v1.0.0", Draft: true})
	e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "v1.0.0", Draft: true,
		Assets: []fakegithub.Asset{{Name: "metadata.yaml", Data: r.File("metadata.yaml").Data}}})
	rep, err := run(t, e.publisher(t, e.opts()), set(r))
	if err != nil {
		t.Fatal(err)
	}
	if rel := e.onlyRelease(t); rel.Draft || len(rel.Assets) != 2 {
		t.Errorf("release draft %v with %d assets, want one published release with 2", rel.Draft, len(rel.Assets))
	}
	if rep.Count(publish.Skipped) != 1 || rep.Count(publish.Written) != 1 {
		t.Errorf("report %+v, want the adopted asset skipped and one written", rep.Actions)
	}
}

func TestReleaseNotes(t *testing.T) {
	t.Parallel()
	r := provider("capx", layout.InfrastructureProvider, "v1.0.0")
	tests := []struct {
		name     string
		existing string // body of a release that exists; "" = none
		notes    string
		generate bool
		want     string
	}{
		{"notes file on a new release", "", "hand-written\n", false, "hand-written\n"},
		{"generated on a new release", "", "", true, fakegithub.GeneratedNotes("v1.0.0")},
		{"existing notes kept", "old notes", "", false, "old notes"},
		{"existing notes replaced when asked", "old notes", "new notes", false, "new notes"},
		{"existing notes regenerated when asked", "old notes", "", true, fakegithub.GeneratedNotes("v1.0.0")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fakegithub.RepoOptions{})
			if tt.existing != "" {
				var assets []fakegithub.Asset
				for _, f := range r.Files {
					assets = append(assets, fakegithub.Asset{Name: f.Name, Data: f.Data})
				}
				e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "v1.0.0", Body: tt.existing, Assets: assets})
			}
			o := e.opts()
			o.Notes, o.GenerateNotes = tt.notes, tt.generate
			if _, err := run(t, e.publisher(t, o), set(r)); err != nil {
				t.Fatal(err)
			}
			if got := e.onlyRelease(t).Body; got != tt.want {
				t.Errorf("body = %q, want %q", got, tt.want)
			}
		})
	}
}

func tags(rels []fakegithub.Release) []string {
	var out []string
	for _, r := range rels {
		out = append(out, r.Tag)
	}
	return out
}
