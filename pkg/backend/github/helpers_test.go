package github

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

const (
	token    = "ghp_SECRETtoken123"
	readOnly = "ghp_READONLYtoken456"
)

// env is one test's fake GitHub plus a recording sleep.
type env struct {
	fake   *fakegithub.Server
	sleeps *sleeps
}

func newEnv(t *testing.T, repo fakegithub.RepoOptions) *env {
	t.Helper()
	f := fakegithub.New()
	t.Cleanup(f.Close)
	f.AddRepo("acme", "capx", repo)
	f.AddToken(token, fakegithub.Write)
	f.AddToken(readOnly, fakegithub.Read)
	return &env{fake: f, sleeps: &sleeps{}}
}

// opts returns Options pointing at the fake with the write token and no real waiting.
func (e *env) opts() Options {
	return Options{Owner: "acme", Repo: "capx", Token: token,
		APIURL: e.fake.APIURL(), UploadURL: e.fake.UploadURL(), Jobs: 3,
		Retry: RetryPolicy{Base: time.Millisecond, Sleep: e.sleeps.sleep}}
}

func (e *env) publisher(t *testing.T, o Options) *Publisher {
	t.Helper()
	p, err := New(o)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	return p
}

// The CLI drives backends through pkg/publish.
var (
	_ publish.Destination = (*Publisher)(nil)
	_ publish.Preflighter = (*Publisher)(nil)
	_ publish.Noter       = (*Publisher)(nil)
)

// run validates, preflights and publishes through publish.Publish, as the CLI does,
// under pol (none: the default policy).
func run(t testing.TB, p *Publisher, set *release.Set, pol ...publish.Policy) (*publish.Report, error) {
	t.Helper()
	return publish.Publish(context.Background(), set, p, append(pol, publish.Policy{})[0])
}

// sleeps records requested waits instead of sleeping.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(_ context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.d = append(s.d, d)
	return nil
}

func (s *sleeps) all() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}

// provider builds a valid release with metadata, components and extra files.
func provider(name, typ, version string, extra ...string) *release.Release {
	r := &release.Release{Provider: layout.Provider{Type: layout.Type(typ), Name: name}, Version: layout.NamedVersion(version), ComponentsFile: layout.ComponentsFile(layout.Type(typ))}
	r.Files = append(r.Files,
		release.File{Name: "metadata.yaml", Data: []byte("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\n")},
		release.File{Name: r.ComponentsFile, Data: []byte("# " + name + " " + version + "\nkind: Namespace\n")})
	for i := 0; i+1 < len(extra); i += 2 {
		r.Files = append(r.Files, release.File{Name: extra[i], Data: []byte(extra[i+1])})
	}
	r.Sort()
	return r
}

func set(rs ...*release.Release) *release.Set { return &release.Set{Releases: rs} }

// assetMap returns name -> content of a release's assets in the fake.
func assetMap(rel fakegithub.Release) map[string]string {
	m := map[string]string{}
	for _, a := range rel.Assets {
		m[a.Name] = string(a.Data)
	}
	return m
}

// onlyRelease returns the single release of acme/capx.
func (e *env) onlyRelease(t *testing.T) fakegithub.Release {
	t.Helper()
	rels := e.fake.Releases("acme", "capx")
	if len(rels) != 1 {
		t.Fatalf("releases = %d, want 1", len(rels))
	}
	return rels[0]
}
