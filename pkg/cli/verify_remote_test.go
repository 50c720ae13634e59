package cli

import (
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

// Verify against the in-process GitHub and GitLab fakes, with the environment injected
// (no process environment), so every test runs in parallel.

// ghEnv is an environment holding the fake GitHub's token.
var ghEnv = map[string]string{"GITHUB_TOKEN": ghSecret}

// glEnv is an environment holding the fake GitLab's token.
var glEnv = map[string]string{"GITLAB_ACCESS_TOKEN": glSecret}

// publishEnv publishes dist to a fake with the injected environment.
func publishEnv(t *testing.T, env map[string]string, args ...string) {
	t.Helper()
	if code, stdout, stderr := runEnv(t, env, args...); code != ExitOK {
		t.Fatalf("publish: exit %d\n%s%s", code, stdout, stderr)
	}
}

func verifyGitHub(t *testing.T, gh *fakegithub.Server, args ...string) (int, string, string) {
	t.Helper()
	code, stdout, stderr := runEnv(t, ghEnv, append([]string{"verify", tinyURL, "--github-url", gh.URL()}, args...)...)
	noSecret(t, ghSecret, stdout, stderr)
	return code, stdout, stderr
}

func TestVerifyGitHub(t *testing.T) {
	t.Parallel()
	gh := newGitHub(t)
	dist := builtTiny(t)
	publishEnv(t, ghEnv, "publish", "github", "--from", dist, "--repo", ghRepo, "--github-url", gh.URL())
	code, stdout, stderr := verifyGitHub(t, gh)
	want(t, code, ExitOK, stdout, stderr, "bootstrap-tiny (components file bootstrap-components.yaml)",
		"latest for clusterctl v1.7-v1.10 (contract v1beta1): v1.0.0", "latest for clusterctl v1.11+ (contract v1beta2): v1.0.0")
	versionFiles(t, stdout, "v1.0.0", "bootstrap-components.yaml", "metadata.yaml")

	// A newer release without metadata.yaml: clusterctl's GitHub repository skips it as
	// a `latest` candidate (404), so latest stays v1.0.0, and verify flags the release.
	files := distFiles(t, dist)
	gh.AddRelease(ghOwner, ghName, fakegithub.Release{Tag: "v1.1.0", Published: time.Now(),
		Assets: []fakegithub.Asset{{Name: "bootstrap-components.yaml", Data: files["bootstrap-components.yaml"]}}})
	code, stdout, stderr = verifyGitHub(t, gh)
	want(t, code, ExitFindings, stdout, stderr, "contract v1beta1): v1.0.0", "contract v1beta2): v1.0.0",
		"v1.1.0: bootstrap-components.yaml", "repo-metadata-missing", "bootstrap-tiny/v1.1.0/metadata.yaml")
}

// versionFiles checks the files verify lists for a version, in any order (GitHub
// lists assets in upload order, and uploads run in parallel).
func versionFiles(t *testing.T, stdout, version string, names ...string) {
	t.Helper()
	for _, line := range strings.Split(stdout, "\n") {
		got, ok := strings.CutPrefix(strings.TrimSpace(line), version+": ")
		if !ok {
			continue
		}
		list := strings.Split(got, ", ")
		slices.Sort(list)
		if slices.Sort(names); !slices.Equal(list, names) {
			t.Errorf("%s lists %v, want %v", version, list, names)
		}
		return
	}
	t.Errorf("no line for %s in:\n%s", version, stdout)
}

func TestVerifyGitHubOnlyReleaseWithoutMetadata(t *testing.T) {
	t.Parallel()
	gh := newGitHub(t)
	gh.AddRelease(ghOwner, ghName, fakegithub.Release{Tag: "v1.0.0", Published: time.Now(),
		Assets: []fakegithub.Asset{{Name: "bootstrap-components.yaml", Data: []byte("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n")}}})
	code, stdout, stderr := verifyGitHub(t, gh)
	want(t, code, ExitFindings, stdout, stderr, "(contract v1beta2): error: `latest` resolves to no version", "no release is tagged with a valid semantic version", "repo-metadata-missing")
}

func TestVerifyGitHubErrors(t *testing.T) {
	t.Parallel()
	const bad = "ghp_SECRET_verify_bad"
	cases := []struct {
		name  string
		url   string
		token string
		code  int
		wants []string
	}{
		{"unknown token", tinyURL, bad, ExitPublish, []string{"rejected the token", ghRepo, "[REDACTED]"}},
		{"browser download form", "https://github.com/" + ghRepo + "/releases/download/v1.0.0/bootstrap-components.yaml", ghSecret, ExitUsage,
			[]string{"browser download form", "releases/v1.0.0/bootstrap-components.yaml"}},
		{"missing repository", "https://github.com/acme/nope/releases/latest/bootstrap-components.yaml", ghSecret, ExitPublish, []string{"acme/nope"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gh := newGitHub(t)
			code, stdout, stderr := runEnv(t, map[string]string{"GITHUB_TOKEN": c.token}, "verify", c.url, "--github-url", gh.URL())
			want(t, code, c.code, stdout, stderr, c.wants...)
			noSecret(t, c.token, stdout, stderr)
		})
	}
}

func TestVerifyGitLabURLs(t *testing.T) {
	t.Parallel()
	gl := newGitLab(t)
	publishEnv(t, glEnv, "publish", "gitlab", "--from", builtTiny(t), "--url", gl.URL, "--project", glProject)
	u, _ := url.Parse(entryURL(gl))
	httpsIP := "https://" + u.Host + u.EscapedPath()
	before := len(gl.Requests())
	cases := []struct {
		name  string
		url   string
		code  int
		wants []string
	}{
		// clusterctl refuses both: https only, host name starting with "gitlab.".
		{"printed entry on the fake (http)", entryURL(gl), ExitUsage, []string{"https", `"gitlab."`, u.Host}},
		{"https but not a gitlab. host", httpsIP, ExitUsage, []string{`"gitlab."`, u.Host}},
		{"eight segments", "https://gitlab.example.com/api/v4/projects/group%2Fname/packages/generic/bootstrap-tiny/bootstrap-components.yaml",
			ExitUsage, []string{"{projectSlug}/packages/generic/{packageName}/{defaultVersion}/{componentsPath}"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runEnv(t, glEnv, "verify", c.url)
			want(t, code, c.code, stdout, stderr, c.wants...)
			noSecret(t, glSecret, stdout, stderr)
		})
	}
	if n := len(gl.Requests()) - before; n != 0 {
		t.Errorf("verify of refused URLs made %d requests to the fake, want none", n)
	}
}

// TestVerifyGitLabThroughOverride reads what publish gitlab wrote, through the URL form
// clusterctl accepts, with --gitlab-url pointing the reads at the fake.
func TestVerifyGitLabThroughOverride(t *testing.T) {
	t.Parallel()
	gl := newGitLab(t)
	publishEnv(t, glEnv, "publish", "gitlab", "--from", builtTiny(t), "--url", gl.URL, "--project", glProject)
	url := "https://gitlab.example.com/api/v4/projects/group%2Fname/packages/generic/bootstrap-tiny/v1.0.0/bootstrap-components.yaml"
	code, stdout, stderr := runEnv(t, glEnv, "verify", url, "--gitlab-url", gl.URL)
	if code != ExitOK || !strings.Contains(stdout, "v1.0.0") {
		t.Fatalf("verify: exit %d\n%s%s", code, stdout, stderr)
	}
	noSecret(t, glSecret, stdout, stderr)
}
