package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// A conflict at --to-gitlab, found after the mirror folder was written, is not exit
// 5 ("nothing was changed"): the folder changed. It exits 4 and says what happened.
func TestMirrorConflictAtFurtherDestinationExits4(t *testing.T) {
	t.Parallel()
	rels := sampleReleases(t, "v0.1.0")
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: rels})
	gl := fakegitlab.New(t)
	gl.AddProject(fakegitlab.Project{ID: 9, Path: "mirror/capi"})
	const glToken = "glpat-MIRRORsecret43"
	gl.AddToken(fakegitlab.Token{Value: glToken, Kind: fakegitlab.PersonalToken})
	gl.Seed("mirror/capi", "infrastructure-sample", "v0.1.0", "metadata.yaml", []byte("# not the mirrored one\n"))
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/v0.1.0/infrastructure-components.yaml\"}\n")
	out := t.TempDir()
	code, stdout, errOut := runMirror(t, map[string]string{"GITLAB_TOKEN": glToken}, "--out", out, "--from-config", from, "--github-url", gh.URL(), "--cert-manager", "",
		"--to-gitlab", gl.URL, "--gitlab-project", "mirror/capi")
	if code != ExitPublish || !strings.Contains(errOut, "different content") || strings.Contains(stdout+errOut, glToken) {
		t.Fatalf("exit %d, want 4 with the conflict named:\n%s\n%s", code, stdout, errOut)
	}
	if _, err := os.Stat(filepath.Join(out, "infrastructure-sample", "v0.1.0", "metadata.yaml")); err != nil {
		t.Errorf("the mirror folder was not written: %v", err)
	}
	// --force replaces at every destination, as it does for --to-oci.
	code, stdout, errOut = runMirror(t, map[string]string{"GITLAB_TOKEN": glToken}, "--out", out, "--from-config", from, "--github-url", gh.URL(), "--cert-manager", "",
		"--to-gitlab", gl.URL, "--gitlab-project", "mirror/capi", "--force")
	if code != 0 {
		t.Fatalf("--force: exit %d:\n%s\n%s", code, stdout, errOut)
	}
	for _, f := range gl.Files("mirror/capi", "infrastructure-sample", "v0.1.0") {
		if f.Name == "metadata.yaml" && string(f.Data) != string(rels[0].File("metadata.yaml").Data) {
			t.Errorf("GitLab still serves the old metadata.yaml after --force")
		}
	}
}

func TestMirrorToGitLab(t *testing.T) {
	t.Parallel()
	rels := sampleReleases(t, "v0.1.0")
	gh := fakeGitHub(t, map[string][]*release.Release{sampleRepo: rels})
	gl := fakegitlab.New(t)
	gl.AddProject(fakegitlab.Project{ID: 9, Path: "mirror/capi"})
	const glToken = "glpat-MIRRORsecret42"
	gl.AddToken(fakegitlab.Token{Value: glToken, Kind: fakegitlab.PersonalToken})
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"), "providers:\n- {name: sample, type: InfrastructureProvider, url: \"https://github.com/acme/"+sampleRepo+"/releases/v0.1.0/infrastructure-components.yaml\"}\n")
	env := map[string]string{"GITLAB_TOKEN": glToken}
	code, out, errOut := runMirror(t, env, "--out", t.TempDir(), "--from-config", from, "--github-url", gh.URL(), "--cert-manager", "",
		"--to-gitlab", gl.URL, "--gitlab-project", "mirror/capi")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	got := gl.Files("mirror/capi", "infrastructure-sample", "v0.1.0")
	if len(got) != len(rels[0].Files) {
		t.Errorf("GitLab holds %d files of infrastructure-sample v0.1.0, want %d", len(got), len(rels[0].Files))
	}
	if !strings.Contains(out, "packages/generic/infrastructure-sample/v0.1.0/infrastructure-components.yaml") || strings.Contains(out+errOut, glToken) {
		t.Errorf("output lacks the GitLab providers: entry or holds the token:\n%s\n%s", out, errOut)
	}
}
