package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
)

// These tests run `publish github|gitlab` and `verify` end to end against the
// in-process fakes, with the environment injected (runEnv), so they run in parallel.

const (
	ghOwner   = "acme"
	ghName    = "cluster-api-provider-tiny"
	ghRepo    = ghOwner + "/" + ghName
	ghSecret  = "ghp_SECRET_abc123"
	glProject = "group/name"
	glPackage = "bootstrap-tiny"
	glSecret  = "glpat_SECRET_def456"
	tinyURL   = "https://github.com/" + ghRepo + "/releases/latest/bootstrap-components.yaml"
)

// tokenEnv is an injected environment holding one variable, or none when name is "".
func tokenEnv(name, value string) map[string]string {
	if name == "" {
		return nil
	}
	return map[string]string{name: value}
}

// buildTinyWith builds the tiny provider with one change applied.
func buildTinyWith(t *testing.T, edit func(map[string]string)) string {
	t.Helper()
	dir := sampleTree(t, edit)
	out := filepath.Join(dir, "dist")
	if code, _, stderr := run(t, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", out); code != 0 {
		t.Fatalf("build: %s", stderr)
	}
	return out
}

// newImage changes the components of the tiny provider (same version, other content).
func newImage(f map[string]string) {
	f["config/all.yaml"] = strings.Replace(f["config/all.yaml"], "tiny:v1", "tiny:v2", 1)
}

// distFiles reads the files of the tiny provider's v1.0.0 build.
func distFiles(t *testing.T, dist string) map[string][]byte {
	t.Helper()
	dir := filepath.Join(dist, "bootstrap-tiny", "v1.0.0")
	out := map[string][]byte{}
	for _, name := range []string{"bootstrap-components.yaml", "metadata.yaml"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

func writeTokenFile(t *testing.T, tok string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(p, []byte(tok+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// noSecret fails when a token value reached the output.
func noSecret(t *testing.T, secret string, outputs ...string) {
	t.Helper()
	for _, o := range outputs {
		if strings.Contains(o, secret) {
			t.Errorf("token %q leaked into the output:\n%s", secret, o)
		}
	}
}

// want checks an exit code and that the output holds every string.
func want(t *testing.T, code, wantCode int, stdout, stderr string, subs ...string) {
	t.Helper()
	if code != wantCode {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, wantCode, stdout, stderr)
	}
	for _, s := range subs {
		if !strings.Contains(stdout+stderr, s) {
			t.Errorf("output does not contain %q\nstdout:\n%s\nstderr:\n%s", s, stdout, stderr)
		}
	}
}

// newGitHub starts a fake with the tiny repository and a write token; it echoes
// Authorization headers into error bodies so leaks show up.
func newGitHub(t *testing.T) *fakegithub.Server {
	t.Helper()
	gh := fakegithub.New()
	t.Cleanup(gh.Close)
	gh.AddRepo(ghOwner, ghName, fakegithub.RepoOptions{})
	gh.AddToken(ghSecret, fakegithub.Write)
	gh.EchoAuth(true)
	return gh
}

func publishGitHub(t *testing.T, env map[string]string, gh *fakegithub.Server, dist string, extra ...string) (int, string, string) {
	t.Helper()
	args := append([]string{"publish", "github", "--from", dist, "--repo", ghRepo, "--github-url", gh.URL()}, extra...)
	code, stdout, stderr := runEnv(t, env, args...)
	noSecret(t, ghSecret, stdout, stderr)
	return code, stdout, stderr
}

// onlyRelease returns the repository's one release.
func onlyRelease(t *testing.T, gh *fakegithub.Server) fakegithub.Release {
	t.Helper()
	rels := gh.Releases(ghOwner, ghName)
	if len(rels) != 1 {
		t.Fatalf("%d releases, want 1: %+v", len(rels), rels)
	}
	return rels[0]
}

// checkAssets compares a release's assets with the build.
func checkAssets(t *testing.T, rel fakegithub.Release, files map[string][]byte) {
	t.Helper()
	if len(rel.Assets) != len(files) {
		t.Errorf("release has %d assets, want %d", len(rel.Assets), len(files))
	}
	for _, a := range rel.Assets {
		if want, ok := files[a.Name]; !ok || !bytes.Equal(a.Data, want) || a.State != "uploaded" {
			t.Errorf("asset %s (state %s) differs from the build", a.Name, a.State)
		}
	}
}

func TestPublishGitHubTokenSources(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		env   string // variable that holds the token, or "" for --token-file
		extra func(gh *fakegithub.Server) []string
	}{
		{"GITHUB_TOKEN", "GITHUB_TOKEN", nil},
		{"GH_TOKEN", "GH_TOKEN", nil},
		{"token file and explicit upload URL", "", func(gh *fakegithub.Server) []string {
			return []string{"--token-file", writeTokenFile(t, ghSecret), "--upload-url", gh.UploadURL()}
		}},
	}
	dist := builtTiny(t)
	files := distFiles(t, dist)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gh := newGitHub(t)
			env := tokenEnv(c.env, ghSecret)
			var extra []string
			if c.env == "" {
				extra = c.extra(gh)
			}
			code, stdout, stderr := publishGitHub(t, env, gh, dist, extra...)
			want(t, code, ExitOK, stdout, stderr, "2 written", `url: "`+tinyURL+`"`)
			rel := onlyRelease(t, gh)
			if rel.Tag != "v1.0.0" || rel.Draft || rel.Published.IsZero() {
				t.Errorf("release %s: draft %v, published %v; want a published v1.0.0", rel.Tag, rel.Draft, rel.Published)
			}
			checkAssets(t, rel, files)

			code, stdout, stderr = publishGitHub(t, env, gh, dist, extra...)
			want(t, code, ExitOK, stdout, stderr, "0 written, 0 replaced, 2 skipped, 0 refused")
			checkAssets(t, onlyRelease(t, gh), files)
		})
	}
}

func TestPublishGitHubDraft(t *testing.T) {
	t.Parallel()
	gh := newGitHub(t)
	dist := builtTiny(t)
	code, stdout, stderr := publishGitHub(t, tokenEnv("GITHUB_TOKEN", ghSecret), gh, dist, "--draft")
	want(t, code, ExitOK, stdout, stderr, "left as drafts")
	rel := onlyRelease(t, gh)
	if !rel.Draft {
		t.Errorf("--draft published the release")
	}
	checkAssets(t, rel, distFiles(t, dist))
}

func TestPublishGitHubConflict(t *testing.T) {
	t.Parallel()
	env := tokenEnv("GITHUB_TOKEN", ghSecret)
	gh := newGitHub(t)
	dist := builtTiny(t)
	if code, stdout, stderr := publishGitHub(t, env, gh, dist); code != ExitOK {
		t.Fatalf("first publish: exit %d\n%s%s", code, stdout, stderr)
	}
	changed := buildTinyWith(t, newImage)
	code, stdout, stderr := publishGitHub(t, env, gh, changed)
	want(t, code, ExitConflict, stdout, stderr, "bootstrap-components.yaml", "v1.0.0", "--replace")
	if strings.Contains(stdout+stderr, "metadata.yaml (") {
		t.Errorf("the identical metadata.yaml was named as different:\n%s%s", stdout, stderr)
	}
	checkAssets(t, onlyRelease(t, gh), distFiles(t, dist)) // nothing changed
}

func TestPublishGitHubErrors(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	const bad = "ghp_SECRET_bad999"
	cases := []struct {
		name   string
		token  string
		setup  func(gh *fakegithub.Server)
		args   []string
		code   int
		wants  []string
		secret string
	}{
		{"unknown token", bad, nil, nil, ExitPublish,
			[]string{"rejected the token", "set a valid, unexpired token for " + ghRepo, "contents: write", "[REDACTED]"}, bad},
		{"read-only token", "ghp_SECRET_read", func(gh *fakegithub.Server) { gh.AddToken("ghp_SECRET_read", fakegithub.Read) }, nil, ExitPublish,
			[]string{ghRepo, "not write", "contents: write"}, "ghp_SECRET_read"},
		{"no token", "", nil, nil, ExitPublish, []string{ghRepo, "needs a GitHub token", "GITHUB_TOKEN"}, ghSecret},
		{"server error with the header echoed", ghSecret, func(gh *fakegithub.Server) {
			gh.Inject(fakegithub.Fault{Route: fakegithub.RouteCreateRelease, Kind: fakegithub.FaultStatus, Status: 422})
		}, nil, ExitPublish, []string{"422", "[REDACTED]"}, ghSecret},
		{"bad repo", ghSecret, nil, []string{"--repo", "badvalue"}, ExitUsage, []string{`--repo "badvalue": want OWNER/NAME`}, ghSecret},
		{"repo with three parts", ghSecret, nil, []string{"--repo", "a/b/c"}, ExitUsage, []string{"want OWNER/NAME"}, ghSecret},
		{"empty token file", "", nil, []string{"--token-file", writeTokenFile(t, "")}, ExitUsage, []string{"is empty"}, ghSecret},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gh := newGitHub(t)
			if c.setup != nil {
				c.setup(gh)
			}
			code, stdout, stderr := publishGitHub(t, tokenEnv("GITHUB_TOKEN", c.token), gh, dist, c.args...)
			want(t, code, c.code, stdout, stderr, c.wants...)
			noSecret(t, c.secret, stdout, stderr)
			for _, r := range gh.Releases(ghOwner, ghName) {
				if !r.Draft {
					t.Errorf("release %s was published although the command failed", r.Tag)
				}
			}
		})
	}
}

// TestPublishRemoteEchoedSecrets makes the servers quote the request's credential
// headers in error bodies; no token may reach the output.
func TestPublishRemoteEchoedSecrets(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	cases := []struct {
		name, env, value string
		args             []string
		fault            fakegitlab.Fault
	}{
		{"private token on upload", "GITLAB_TOKEN", glSecret, nil, fakegitlab.Fault{Route: fakegitlab.RouteUpload, Status: 403}},
		{"private token on listing", "GITLAB_TOKEN", glSecret, nil, fakegitlab.Fault{Route: fakegitlab.RoutePackages, Status: 401}},
		{"job token", "CI_JOB_TOKEN", glSecret + "_job", nil, fakegitlab.Fault{Route: fakegitlab.RouteUpload, Status: 400}},
		{"deploy token", "GITLAB_DEPLOY_TOKEN", glSecret + "_deploy", nil, fakegitlab.Fault{Method: "PUT", Status: 403}},
		{"token file", "", glSecret, []string{"--token-file", writeTokenFile(t, glSecret)}, fakegitlab.Fault{Route: fakegitlab.RouteUpload, Status: 422}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gl := newGitLab(t)
			c.fault.EchoHeaders, c.fault.Count = true, 10
			gl.Inject(c.fault)
			code, stdout, stderr := publishGitLab(t, tokenEnv(c.env, c.value), gl, dist, c.args...)
			// [REDACTED] shows the echoed header reached the message, cleaned.
			want(t, code, ExitPublish, stdout, stderr, glProject, "[REDACTED]")
			noSecret(t, c.value, stdout, stderr)
		})
	}
}
