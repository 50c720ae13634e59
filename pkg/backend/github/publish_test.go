package github

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

// TestChecksWithoutDigest: where GitHub gives no asset digest (older Enterprise
// servers), each upload is checked by downloading it.
func TestChecksWithoutDigest(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{NoDigest: true})
	s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", "old"))
	if _, err := run(t, e.publisher(t, e.opts()), s); err != nil {
		t.Fatalf("publishing: %v", err)
	}
	if got := e.fake.Hits(fakegithub.RouteDownload); got != 3 {
		t.Errorf("downloads = %d, want 3 (one check per uploaded asset)", got)
	}
	s.Releases[0].File("cluster-template.yaml").Data = []byte("new")
	_, err := run(t, e.publisher(t, e.opts()), s)
	if !errors.Is(err, publish.ErrConflict) {
		t.Errorf("same-size change without digests = %v, want a conflict found by downloading", err)
	}
}

func TestPublishWholeFlow(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	e.fake.AddTag("acme", "capx", "v1.2.0")
	s := set(
		provider("cluster-api", layout.CoreProvider, "v1.2.0"),
		provider("kubeadm", layout.BootstrapProvider, "v1.2.0"),
		provider("kubeadm", layout.ControlPlaneProvider, "v1.2.0", "cluster-template.yaml", "kind: Cluster\n"),
	)
	rep, err := run(t, e.publisher(t, e.opts()), s)
	if err != nil {
		t.Fatalf("publishing: %v", err)
	}
	rel := e.onlyRelease(t)
	if rel.Draft || rel.Prerelease || rel.Tag != "v1.2.0" {
		t.Errorf("release = draft %v prerelease %v tag %s, want published v1.2.0", rel.Draft, rel.Prerelease, rel.Tag)
	}
	got := assetMap(rel)
	for _, r := range s.Releases {
		for _, f := range r.Files {
			if got[f.Name] != string(f.Data) {
				t.Errorf("asset %s = %q, want %q", f.Name, got[f.Name], f.Data)
			}
		}
	}
	if len(got) != 5 || rep.Count(publish.Written) != 7 {
		t.Errorf("assets = %d, written = %d, want 5 assets (metadata.yaml shared once) and 7 provider files", len(got), rep.Count(publish.Written))
	}
	for _, r := range e.fake.Log() {
		if r.Route == fakegithub.RouteDownload && r.Auth {
			t.Errorf("the token was sent to the download host: %+v", r)
		}
		if r.Route == fakegithub.RouteUploadAsset && !strings.HasPrefix(r.Path, "/api/uploads/") {
			t.Errorf("upload went to %s, want the upload host", r.Path)
		}
	}
	if e.fake.Hits(fakegithub.RouteDownload) != 0 {
		t.Errorf("downloads = %d, want 0 (uploads are checked against GitHub's digest)", e.fake.Hits(fakegithub.RouteDownload))
	}
	notes := strings.Join(rep.Notes, "\n")
	for _, want := range []string{
		"https://github.com/acme/capx/releases/latest/core-components.yaml",
		"https://github.com/acme/capx/releases/latest/control-plane-components.yaml",
		`type: "BootstrapProvider"`, "Go module proxy",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
}

func TestPublishNewTagUsesTargetCommitish(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	o := e.opts()
	o.TargetCommitish = "release-1.2"
	o.MakeLatest = "false"
	rep, err := run(t, e.publisher(t, o), set(provider("capx", layout.InfrastructureProvider, "v1.2.0")))
	if err != nil {
		t.Fatalf("publishing: %v", err)
	}
	rel := e.onlyRelease(t)
	if rel.TargetCommitish != "release-1.2" || rel.MakeLatest != "false" {
		t.Errorf("release target %q make_latest %q, want release-1.2 and false", rel.TargetCommitish, rel.MakeLatest)
	}
	if tags := e.fake.Tags("acme", "capx"); len(tags) != 1 || tags[0] != "v1.2.0" {
		t.Errorf("tags = %v, want [v1.2.0] created at publish", tags)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), "GitHub creates it from release-1.2") {
		t.Errorf("notes do not mention the tag creation: %v", rep.Notes)
	}
}

func TestPublishPrerelease(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		version string
		want    bool
	}{
		{"rc", "v1.3.0-rc.1", true},
		{"beta", "v2.0.0-beta.0", true},
		{"ga", "v1.3.0", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fakegithub.RepoOptions{})
			if _, err := run(t, e.publisher(t, e.opts()), set(provider("capx", layout.InfrastructureProvider, tt.version))); err != nil {
				t.Fatalf("publishing: %v", err)
			}
			if got := e.onlyRelease(t).Prerelease; got != tt.want {
				t.Errorf("prerelease = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestIdenticalRerunIsNoOp(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{ImmutableReleases: true})
	s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", "x"))
	p := e.publisher(t, e.opts())
	if _, err := run(t, p, s); err != nil {
		t.Fatalf("first publish: %v", err)
	}
	before := len(e.fake.Log())
	rep, err := run(t, p, s)
	if err != nil {
		t.Fatalf("second publish of an immutable identical release: %v", err)
	}
	if rep.Count(publish.Skipped) != 3 || rep.Count(publish.Written)+rep.Count(publish.Replaced) != 0 {
		t.Errorf("second run report = %+v, want 3 skipped", rep.Actions)
	}
	for _, r := range e.fake.Log()[before:] {
		if r.Method != "GET" {
			t.Errorf("second run sent %s %s, want reads only", r.Method, r.Path)
		}
	}
}

func TestDraftOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	o := e.opts()
	o.Draft = true
	rep, err := run(t, e.publisher(t, o), set(provider("capx", layout.InfrastructureProvider, "v1.0.0")))
	if err != nil {
		t.Fatalf("publishing: %v", err)
	}
	if rel := e.onlyRelease(t); !rel.Draft || len(rel.Assets) != 2 {
		t.Errorf("release draft %v with %d assets, want a draft with 2", rel.Draft, len(rel.Assets))
	}
	if len(e.fake.Tags("acme", "capx")) != 0 {
		t.Errorf("a draft created a tag")
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), "drafts") {
		t.Errorf("notes do not warn about drafts: %v", rep.Notes)
	}
	// Publishing later without Draft finishes the same release.
	if _, err := run(t, e.publisher(t, e.opts()), set(provider("capx", layout.InfrastructureProvider, "v1.0.0"))); err != nil {
		t.Fatalf("publishing the draft: %v", err)
	}
	if rel := e.onlyRelease(t); rel.Draft {
		t.Errorf("release still a draft after the second run")
	}
}

func TestDryRunWritesNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	o := e.opts()
	rep, err := run(t, e.publisher(t, o), set(provider("capx", layout.InfrastructureProvider, "v1.0.0")), publish.Policy{DryRun: true})
	if err != nil {
		t.Fatalf("dry run: %v", err)
	}
	if rep.Count(publish.Planned) != 2 {
		t.Errorf("planned = %d, want 2: %+v", rep.Count(publish.Planned), rep.Actions)
	}
	for _, r := range e.fake.Log() {
		if r.Method != "GET" {
			t.Errorf("dry run sent %s %s", r.Method, r.Path)
		}
	}
}

func TestCollidingFilesRejected(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	s := set(
		provider("a", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", "one"),
		provider("b", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", "two"),
	)
	err := e.publisher(t, e.opts()).Preflight(context.Background(), s, publish.Policy{})
	if err == nil || !strings.Contains(err.Error(), "cluster-template.yaml") || !strings.Contains(err.Error(), "infrastructure-b v1.0.0") {
		t.Fatalf("Preflight() error = %v, want a collision on cluster-template.yaml naming infrastructure-b", err)
	}
	if len(e.fake.Log()) != 0 {
		t.Errorf("collision check sent requests: %+v", e.fake.Log())
	}
}

func TestUploadsBoundedByJobs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		jobs int
	}{
		{"one at a time", 1},
		{"two at a time", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fakegithub.RepoOptions{})
			// Slow uploads overlap unless the publisher limits them.
			e.fake.Inject(fakegithub.Fault{Route: fakegithub.RouteUploadAsset, Kind: fakegithub.FaultDelay, Delay: 20 * time.Millisecond, Count: 10})
			o := e.opts()
			o.Jobs = tt.jobs
			s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0",
				"cluster-template-a.yaml", "a", "cluster-template-b.yaml", "b", "cluster-template-c.yaml", "c", "cluster-template-d.yaml", "d"))
			if _, err := run(t, e.publisher(t, o), s); err != nil {
				t.Fatalf("publishing: %v", err)
			}
			if got := e.fake.MaxInFlight(fakegithub.RouteUploadAsset); got > tt.jobs {
				t.Errorf("uploads in flight at once = %d, want at most %d", got, tt.jobs)
			}
		})
	}
}
