package cli

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// The GitLab half of the end-to-end publish tests (publish_remote_test.go).

// newGitLab starts a fake GitLab with the project and one token of each kind.
func newGitLab(t *testing.T) *fakegitlab.Server {
	t.Helper()
	gl := fakegitlab.New(t)
	gl.AddProject(fakegitlab.Project{ID: 42, Path: glProject})
	gl.AddToken(fakegitlab.Token{Value: glSecret, Kind: fakegitlab.PersonalToken})
	gl.AddToken(fakegitlab.Token{Value: glSecret + "_job", Kind: fakegitlab.JobToken})
	gl.AddToken(fakegitlab.Token{Value: glSecret + "_deploy", Kind: fakegitlab.DeployToken})
	return gl
}

func publishGitLab(t *testing.T, env map[string]string, gl *fakegitlab.Server, dist string, extra ...string) (int, string, string) {
	t.Helper()
	args := append([]string{"publish", "gitlab", "--from", dist, "--url", gl.URL, "--project", glProject}, extra...)
	code, stdout, stderr := runEnv(t, env, args...)
	noSecret(t, glSecret, stdout, stderr)
	return code, stdout, stderr
}

// newestFiles returns the newest stored copy of each file of the package version and
// how many copies of each name the fake holds.
func newestFiles(gl *fakegitlab.Server) (map[string][]byte, map[string]int) {
	data, copies := map[string][]byte{}, map[string]int{}
	for _, f := range gl.Files(glProject, glPackage, "v1.0.0") {
		data[f.Name] = f.Data
		copies[f.Name]++
	}
	return data, copies
}

func checkPackage(t *testing.T, gl *fakegitlab.Server, files map[string][]byte) {
	t.Helper()
	data, copies := newestFiles(gl)
	if len(data) != len(files) {
		t.Errorf("package holds %v, want %d files", copies, len(files))
	}
	for name, want := range files {
		if !bytes.Equal(data[name], want) || copies[name] != 1 {
			t.Errorf("%s: %d copies, newest equal to the build: %v", name, copies[name], bytes.Equal(data[name], want))
		}
	}
}

// entryURL is the providers: url the tiny provider gets on the fake.
func entryURL(gl *fakegitlab.Server) string {
	return gl.URL + "/api/v4/projects/group%2Fname/packages/generic/bootstrap-tiny/v1.0.0/bootstrap-components.yaml"
}

func TestPublishGitLabTokenSources(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, env, value, auth string
		args                   []string
	}{
		{"GITLAB_TOKEN", "GITLAB_TOKEN", glSecret, fakegitlab.AuthPrivate, nil},
		{"CI_JOB_TOKEN", "CI_JOB_TOKEN", glSecret + "_job", fakegitlab.AuthJob, nil},
		{"GITLAB_DEPLOY_TOKEN", "GITLAB_DEPLOY_TOKEN", glSecret + "_deploy", fakegitlab.AuthDeploy, nil},
		{"deploy token file", "", "", fakegitlab.AuthDeploy, []string{"--token-file", writeTokenFile(t, glSecret+"_deploy"), "--token-kind", "deploy"}},
		{"private token file", "", "", fakegitlab.AuthPrivate, []string{"--token-file", writeTokenFile(t, glSecret)}},
	}
	dist := builtTiny(t)
	files := distFiles(t, dist)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			env := tokenEnv(c.env, c.value)
			gl := newGitLab(t)
			code, stdout, stderr := publishGitLab(t, env, gl, dist, c.args...)
			want(t, code, ExitOK, stdout, stderr, "2 written", `url: "`+entryURL(gl)+`"`)
			u, _ := url.Parse(entryURL(gl))
			if n := len(strings.Split(strings.TrimPrefix(u.EscapedPath(), "/"), "/")); n != 9 {
				t.Errorf("providers url has %d path segments, want 9", n)
			}
			checkPackage(t, gl, files)

			code, stdout, stderr = publishGitLab(t, env, gl, dist, c.args...)
			want(t, code, ExitOK, stdout, stderr, "0 written, 0 replaced, 2 skipped, 0 refused")
			checkPackage(t, gl, files)
			for _, r := range gl.Requests() {
				if r.Auth != c.auth {
					t.Errorf("%s %s sent %q, want %q", r.Method, r.Path, r.Auth, c.auth)
				}
			}
		})
	}
}

func TestPublishGitLabConflictAndReplace(t *testing.T) {
	t.Parallel()
	env := tokenEnv("GITLAB_TOKEN", glSecret)
	gl := newGitLab(t)
	dist := builtTiny(t)
	if code, stdout, stderr := publishGitLab(t, env, gl, dist); code != ExitOK {
		t.Fatalf("first publish: exit %d\n%s%s", code, stdout, stderr)
	}
	changed := buildTinyWith(t, newImage)
	code, stdout, stderr := publishGitLab(t, env, gl, changed)
	want(t, code, ExitConflict, stdout, stderr, "refused   bootstrap-tiny v1.0.0 bootstrap-components.yaml", "--replace")
	checkPackage(t, gl, distFiles(t, dist)) // nothing uploaded

	code, stdout, stderr = publishGitLab(t, env, gl, changed, "--replace")
	want(t, code, ExitOK, stdout, stderr, "replaced  bootstrap-tiny v1.0.0 bootstrap-components.yaml", "1 replaced, 1 skipped")
	checkPackage(t, gl, distFiles(t, changed))
}

func TestPublishGitLabTokenErrors(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	cases := []struct {
		name  string
		env   map[string]string
		args  []string
		code  int
		wants []string
	}{
		{"no token", nil, nil, ExitUsage, []string{"no GitLab token: set GITLAB_ACCESS_TOKEN, GITLAB_TOKEN, CI_JOB_TOKEN or GITLAB_DEPLOY_TOKEN, or pass --token-file"}},
		{"kind without a matching variable", map[string]string{"GITLAB_TOKEN": glSecret}, []string{"--token-kind", "deploy"}, ExitUsage, []string{"no GitLab token"}},
		{"bad kind", map[string]string{"GITLAB_TOKEN": glSecret}, []string{"--token-kind", "oauth"}, ExitUsage, []string{`--token-kind "oauth"`}},
		{"unknown token", map[string]string{"GITLAB_TOKEN": "glpat_SECRET_unknown"}, nil, ExitPublish, []string{glProject}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gl := newGitLab(t)
			code, stdout, stderr := publishGitLab(t, c.env, gl, dist, c.args...)
			want(t, code, c.code, stdout, stderr, c.wants...)
			noSecret(t, "glpat_SECRET_unknown", stdout, stderr)
			if got := gl.Files(glProject, glPackage, "v1.0.0"); len(got) != 0 {
				t.Errorf("%d files uploaded by a failed publish", len(got))
			}
		})
	}
}
