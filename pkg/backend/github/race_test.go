package github

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

// Another run publishes the tag between this run's State and its create: the
// create answers already_exists, and the published release must not be taken over
// (its assets would be replaced without --replace). Apply stops; a re-run plans
// against the published release.
func TestPublishedMeanwhileIsNotTakenOver(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0"))
	p := e.publisher(t, e.opts())
	st, err := p.State(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "v1.0.0", Assets: []fakegithub.Asset{
		{Name: "metadata.yaml", State: "uploaded", Data: []byte("theirs")}}})
	if err := p.Apply(t.Context(), publish.NewPlan(s, st, publish.Policy{})); err == nil {
		t.Fatal("Apply over a release published meanwhile succeeded")
	}
	rel := e.onlyRelease(t)
	if got := assetMap(rel)["metadata.yaml"]; got != "theirs" || rel.Draft {
		t.Errorf("the release published meanwhile was changed: metadata.yaml %q, draft %v", got, rel.Draft)
	}
}
