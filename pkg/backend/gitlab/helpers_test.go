package gitlab

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

const (
	testProject  = "group/name"
	testPAT      = "glpat-SECRET-0123456789"
	testJob      = "job-SECRET-abcdef"
	testDeploy   = "deploy-SECRET-xyz"
	testRO       = "readonly-SECRET-42"
	testDeployRO = "deploy-ro-SECRET-7"
)

// newFake starts a fake GitLab with the test project (id 42) and five tokens.
func newFake(t *testing.T) *fakegitlab.Server {
	t.Helper()
	s := fakegitlab.New(t)
	s.AddProject(fakegitlab.Project{ID: 42, Path: testProject})
	s.AddToken(fakegitlab.Token{Value: testPAT, Kind: fakegitlab.PersonalToken})
	s.AddToken(fakegitlab.Token{Value: testJob, Kind: fakegitlab.JobToken})
	s.AddToken(fakegitlab.Token{Value: testDeploy, Kind: fakegitlab.DeployToken})
	s.AddToken(fakegitlab.Token{Value: testRO, Kind: fakegitlab.PersonalToken, ReadOnly: true})
	s.AddToken(fakegitlab.Token{Value: testDeployRO, Kind: fakegitlab.DeployToken, ReadOnly: true})
	return s
}

// sleeps records the waits a publisher asked for, without waiting.
type sleeps struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (s *sleeps) sleep(_ context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.waits = append(s.waits, d)
	return nil
}

func (s *sleeps) got() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.waits...)
}

// options returns publisher options for the fake with a PAT and a recording sleep.
func options(s *fakegitlab.Server, sl *sleeps) Options {
	return Options{BaseURL: s.URL, Project: testProject, Token: testPAT, HTTPClient: s.Client(),
		Retry: httpx.Policy{Sleep: sl.sleep}}
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testSet is infrastructure-aws at the given versions, three files each.
func testSet(t testing.TB, versions ...string) *release.Set {
	t.Helper()
	set := &release.Set{}
	for _, v := range versions {
		rel := &release.Release{Provider: layout.Provider{Type: layout.InfrastructureProvider, Name: "aws"}, Version: layout.NamedVersion(v),
			ComponentsFile: "infrastructure-components.yaml"}
		for _, n := range []string{"cluster-template.yaml", "infrastructure-components.yaml", "metadata.yaml"} {
			rel.Files = append(rel.Files, release.File{Name: n, Data: readFixture(t, n)})
		}
		set.Releases = append(set.Releases, rel)
	}
	if err := set.Validate(); err != nil {
		t.Fatal(err)
	}
	return set
}

// publishTo publishes set through publish.Publish, as every caller does, under pol
// (none: the default policy).
func publishTo(t *testing.T, o Options, set *release.Set, pol ...publish.Policy) (*publish.Report, error) {
	t.Helper()
	p, err := New(o)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return publish.Publish(t.Context(), set, p, append(pol, publish.Policy{})[0])
}

// puts returns the file names of the PUT requests in order.
func puts(s *fakegitlab.Server) []string {
	var out []string
	for _, r := range s.Requests() {
		if r.Method == "PUT" {
			out = append(out, r.Version+"/"+r.File)
		}
	}
	return out
}

// copies counts the stored copies of each file name of a version.
func copies(s *fakegitlab.Server, version string) map[string]int {
	out := map[string]int{}
	for _, f := range s.Files(testProject, "infrastructure-aws", version) {
		out[f.Name]++
	}
	return out
}
