package github

import (
	"errors"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

// publishedV1 publishes v1.0.0 with template "old" and returns the env.
func publishedV1(t *testing.T, repo fakegithub.RepoOptions) *env {
	t.Helper()
	e := newEnv(t, repo)
	s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", "old"))
	if _, err := run(t, e.publisher(t, e.opts()), s); err != nil {
		t.Fatalf("first publish: %v", err)
	}
	return e
}

func TestChangedPublishedRelease(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		immutable   bool
		replace     bool
		template    string // new content; same length as "old" tests the sha comparison
		wantErr     []string
		wantContent string
	}{
		{"same size, different bytes", false, false, "new", []string{"v1.0.0", "acme/capx", "cluster-template.yaml", "sha256", "new version", "--replace"}, "old"},
		{"different size", false, false, "newer", []string{"content differs: published sha256"}, "old"},
		{"replace a mutable release", false, true, "newer", nil, "newer"},
		{"immutable refuses even with replace", true, true, "newer", []string{"immutable", "new version"}, "old"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := publishedV1(t, fakegithub.RepoOptions{ImmutableReleases: tt.immutable})
			o := e.opts()
			s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", tt.template))
			rep, err := run(t, e.publisher(t, o), s, publish.Policy{Replace: tt.replace})
			checkErr(t, err, tt.wantErr)
			if tt.wantErr != nil && (!errors.Is(err, publish.ErrConflict) || rep.Count(publish.Refused) != 1) {
				t.Errorf("error %v is not ErrConflict or report %+v has no refusal", err, rep.Actions)
			}
			if got := assetMap(e.onlyRelease(t))["cluster-template.yaml"]; got != tt.wantContent {
				t.Errorf("asset content = %q, want %q", got, tt.wantContent)
			}
		})
	}
}

func TestPreflightRefusesChangedRelease(t *testing.T) {
	t.Parallel()
	e := publishedV1(t, fakegithub.RepoOptions{ImmutableReleases: true})
	s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", "longer"))
	before := len(e.fake.Log())
	_, err := run(t, e.publisher(t, e.opts()), s)
	checkErr(t, err, []string{"immutable", "cluster-template.yaml"})
	for _, r := range e.fake.Log()[before:] {
		if r.Method != "GET" {
			t.Errorf("refused preflight still sent %s %s", r.Method, r.Path)
		}
	}
}

func TestMissingFileOnPublishedRelease(t *testing.T) {
	t.Parallel()
	e := publishedV1(t, fakegithub.RepoOptions{})
	s := set(provider("capx", layout.InfrastructureProvider, "v1.0.0", "cluster-template.yaml", "old", "cluster-template-ha.yaml", "ha"))
	_, err := run(t, e.publisher(t, e.opts()), s)
	checkErr(t, err, []string{"cluster-template-ha.yaml (not in the published version)"})
}

// checkErr fails unless err contains every want string; want nil means no error.
func checkErr(t *testing.T, err error, want []string) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("error = %v, want none", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("error = nil, want one containing %q", want)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
}

func TestExtraAssetsLeftAlone(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	e.fake.AddRelease("acme", "capx", fakegithub.Release{Tag: "v1.0.0", Draft: true,
		Assets: []fakegithub.Asset{{Name: "capx-linux-amd64", Data: []byte("binary")}}})
	rep, err := run(t, e.publisher(t, e.opts()), set(provider("capx", layout.InfrastructureProvider, "v1.0.0")))
	if err != nil {
		t.Fatalf("publishing: %v", err)
	}
	if got := assetMap(e.onlyRelease(t)); got["capx-linux-amd64"] != "binary" || len(got) != 3 {
		t.Errorf("assets = %v, want the binary kept next to the 2 new files", got)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), "left alone: capx-linux-amd64") {
		t.Errorf("notes do not mention the extra asset: %v", rep.Notes)
	}
}
