package cli

import (
	"strings"
	"testing"
)

// A token written into a forge URL (--url, --github-url, --upload-url,
// --to-gitlab) is refused as a usage error that does not repeat it: it would
// otherwise reach the printed providers: entries, the report and errors.
func TestURLWithCredentialsRefused(t *testing.T) {
	t.Parallel()
	const secret = "URLSECRET-0042"
	gl := newGitLab(t)
	withCreds := strings.Replace(gl.URL, "://", "://oauth2:"+secret+"@", 1)
	dist := builtTiny(t)
	tests := [][]string{
		{"publish", "gitlab", "--from", dist, "--url", withCreds, "--project", glProject, "--dry-run"},
		{"publish", "github", "--from", dist, "--repo", "acme/capx", "--github-url", withCreds, "--dry-run"},
		{"publish", "github", "--from", dist, "--repo", "acme/capx", "--github-url", gl.URL, "--upload-url", withCreds, "--dry-run"},
		{"mirror", "--out", t.TempDir(), "--cert-manager", "", "--core", "cluster-api:v1.0.0", "--github-url", gl.URL, "--to-gitlab", withCreds, "--gitlab-project", glProject},
	}
	for _, args := range tests {
		code, out, errOut := runEnv(t, map[string]string{"GITLAB_TOKEN": glSecret}, args...)
		if code != ExitUsage || strings.Contains(out+errOut, secret) || !strings.Contains(errOut, "credentials") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 naming credentials, without them", args[:2], code, out, errOut)
		}
	}
}
