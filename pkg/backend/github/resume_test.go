package github

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

func bigSet() *release.Set {
	return set(provider("capx", layout.InfrastructureProvider, "v1.0.0",
		"cluster-template.yaml", "t0", "cluster-template-a.yaml", "t1", "cluster-template-b.yaml", "t2"))
}

// checkComplete asserts one published release holding exactly the set's files, each
// once and fully uploaded.
func checkComplete(t *testing.T, e *env, s *release.Set) {
	t.Helper()
	rel := e.onlyRelease(t)
	if rel.Draft {
		t.Errorf("release is still a draft")
	}
	want := s.Releases[0].Files
	if len(rel.Assets) != len(want) {
		t.Errorf("assets = %d, want %d (duplicates or missing)", len(rel.Assets), len(want))
	}
	got := assetMap(rel)
	for _, f := range want {
		if got[f.Name] != string(f.Data) {
			t.Errorf("asset %s = %q, want %q", f.Name, got[f.Name], f.Data)
		}
	}
	for _, a := range rel.Assets {
		if a.State != "uploaded" {
			t.Errorf("asset %s state %q, want uploaded", a.Name, a.State)
		}
	}
}

func TestRerunAfterFailureHalfway(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		fault fakegithub.Fault
	}{
		{"connection reset mid-upload leaves a starter asset",
			fakegithub.Fault{Route: fakegithub.RouteUploadAsset, Nth: 2, Kind: fakegithub.FaultReset, Partial: true}},
		{"connection reset before any byte is stored",
			fakegithub.Fault{Route: fakegithub.RouteUploadAsset, Nth: 3, Kind: fakegithub.FaultReset}},
		{"publish step fails",
			fakegithub.Fault{Route: fakegithub.RouteEditRelease, Kind: fakegithub.FaultStatus, Status: 500}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fakegithub.RepoOptions{ImmutableReleases: true})
			s := bigSet()
			failing := e.opts()
			failing.Retry.MaxAttempts = 1
			e.fake.Inject(tt.fault)
			if _, err := run(t, e.publisher(t, failing), s); err == nil {
				t.Fatalf("first run succeeded despite the fault")
			}
			if rel := e.onlyRelease(t); !rel.Draft {
				t.Fatalf("release published after a failed run")
			}
			if _, err := run(t, e.publisher(t, e.opts()), s); err != nil {
				t.Fatalf("re-run: %v", err)
			}
			checkComplete(t, e, s)
		})
	}
}

func TestLostAnswerResolvedInOneRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		route string
	}{
		{"upload stored, answer lost", fakegithub.RouteUploadAsset},
		{"release created, answer lost", fakegithub.RouteCreateRelease},
		{"asset deleted, answer lost", fakegithub.RouteDeleteAsset},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fakegithub.RepoOptions{})
			s := bigSet()
			if tt.route == fakegithub.RouteDeleteAsset {
				draft := e.publisher(t, e.opts())
				draft.opts.Draft = true
				old := set(provider("capx", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", "older"))
				if _, err := run(t, draft, old); err != nil {
					t.Fatalf("preparing a draft: %v", err)
				}
			}
			e.fake.Inject(fakegithub.Fault{Route: tt.route, Kind: fakegithub.FaultResetAfter})
			rep, err := run(t, e.publisher(t, e.opts()), s)
			if err != nil {
				t.Fatalf("publishing: %v", err)
			}
			checkComplete(t, e, s)
			if n := rep.Count(publish.Written) + rep.Count(publish.Replaced) + rep.Count(publish.Skipped); n != 5 {
				t.Errorf("report covers %d files, want 5: %+v", n, rep.Actions)
			}
			if len(e.sleeps.all()) != 1 {
				t.Errorf("sleeps = %v, want one retry wait", e.sleeps.all())
			}
		})
	}
}
