package cli

import (
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// Two providers of one GitHub repository in one mirror (cluster-api's core, bootstrap
// and control-plane providers are one repository) list its releases and each
// release's assets once per run: listings are read once and shared.
func TestMirrorListsASharedRepositoryOnce(t *testing.T) {
	t.Parallel()
	rels := sampleReleases(t, "v0.1.0")
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: rels})
	url := "https://github.com/acme/" + sampleRepo + "/releases/latest/infrastructure-components.yaml"
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \""+url+"\"}\n- {name: sample-two, type: InfrastructureProvider, url: \""+url+"\"}\n")
	code, stdout, errOut := runMirror(t, nil, "--out", t.TempDir(), "--from-config", from, "--github-url", gh.URL(), "--cert-manager", "")
	if code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, errOut)
	}
	for _, route := range []string{fakegithub.RouteListReleases, fakegithub.RouteGetReleaseByTag, fakegithub.RouteListAssets} {
		if n := gh.Hits(route); n != 1 {
			t.Errorf("%s: %d requests, want 1", route, n)
		}
	}
}

// Two providers of one GitLab project and package list its packages and the
// version's files once.
func TestMirrorListsASharedGitLabPackageOnce(t *testing.T) {
	t.Parallel()
	rel := sampleReleases(t, "v0.1.0")[0]
	gh := fakeGitHub(t, nil)
	gl := fakegitlab.New(t)
	gl.AddProject(fakegitlab.Project{ID: 9, Path: "group/name"})
	gl.AddToken(fakegitlab.Token{Value: glSecret, Kind: fakegitlab.PersonalToken})
	for _, f := range rel.Files {
		gl.Seed("group/name", "infrastructure-sample", "v0.1.0", f.Name, f.Data)
	}
	url := "https://gitlab.example.com/api/v4/projects/group%2Fname/packages/generic/infrastructure-sample/v0.1.0/infrastructure-components.yaml"
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \""+url+"\"}\n- {name: sample-two, type: InfrastructureProvider, url: \""+url+"\"}\n")
	code, stdout, errOut := runMirror(t, glEnv, "--out", t.TempDir(), "--from-config", from, "--gitlab-url", gl.URL, "--github-url", gh.URL(), "--cert-manager", "")
	if code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, errOut)
	}
	hits := map[string]int{}
	for _, r := range gl.Requests() {
		hits[r.Route]++
	}
	for _, route := range []string{fakegitlab.RoutePackages, fakegitlab.RoutePackageFiles} {
		if hits[route] != 1 {
			t.Errorf("%s: %d requests, want 1", route, hits[route])
		}
	}
}
