package github

import (
	"errors"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
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

// Without a digest, an asset larger than the build's file could ever be (past the
// source cap) is known to differ: it is not downloaded, and the published release is
// refused as different.
func TestOversizedAssetIsNotDownloaded(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{NoDigest: true})
	s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0"))
	big := make([]byte, httpx.MaxMetadataSize+1)
	e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "v1.0.0", Assets: []fakegithub.Asset{
		{Name: "metadata.yaml", State: "uploaded", Data: big}}})
	_, err := run(t, e.publisher(t, e.opts()), s)
	if !errors.Is(err, publish.ErrConflict) || !strings.Contains(err.Error(), "metadata.yaml (content differs: published sha256 (unreadable)") {
		t.Fatalf("publish over an oversized asset = %v, want a conflict naming metadata.yaml", err)
	}
	if n := e.fake.Hits(fakegithub.RouteDownload); n != 0 {
		t.Errorf("downloads = %d, want 0 (the listed size is past the cap)", n)
	}
}
