package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitIn runs git in dir with no user or system configuration.
func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir,
		"-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// shallowSample is a shallow clone of the sample tree whose origin has tag v1.0.0.
func shallowSample(t *testing.T) string {
	t.Helper()
	origin := sampleTree(t, nil)
	gitIn(t, origin, "init", "-q")
	gitIn(t, origin, "add", "-A")
	gitIn(t, origin, "commit", "-q", "-m", "sample")
	gitIn(t, origin, "tag", "v1.0.0")
	clone := filepath.Join(t.TempDir(), "clone")
	gitIn(t, origin, "clone", "-q", "--depth", "1", "file://"+origin, clone)
	return clone
}

// TestMetadataHistoryNeedsTagsInCI: a shallow clone (the default actions/checkout) or a
// tree outside git has no tag information: with CI set, metadata check and build fail
// with exit 1 naming fetch-depth: 0 and --published; without CI they warn.
func TestMetadataHistoryNeedsTagsInCI(t *testing.T) {
	t.Parallel()
	shallow := shallowSample(t)
	plain := sampleTree(t, nil)
	ci := map[string]string{"CI": "true"}
	for name, dir := range map[string]string{"shallow clone": shallow, "no git": plain} {
		cfg := filepath.Join(dir, "capirepo.yaml")
		out := filepath.Join(t.TempDir(), "dist")
		cases := []struct {
			what string
			args []string
		}{
			{"metadata check", []string{"metadata", "check", "--config", cfg, "--version", "v1.0.3"}},
			{"metadata check --file", []string{"metadata", "check", "--file", filepath.Join(dir, "metadata.yaml"), "--version", "v1.0.3"}},
			{"build", []string{"build", "--config", cfg, "--version", "v1.0.3", "--out", out}},
		}
		for _, c := range cases {
			code, stdout, stderr := runEnv(t, ci, c.args...)
			all := stdout + stderr
			if code != ExitFindings || !strings.Contains(all, "metadata-history") || !strings.Contains(all, "fetch-depth: 0") || !strings.Contains(all, "--published") {
				t.Errorf("%s, %s, CI=true: exit %d, want %d naming fetch-depth: 0 and --published\n%s", name, c.what, code, ExitFindings, all)
			}
			code, stdout, stderr = runEnv(t, nil, c.args...)
			if code != ExitOK || !strings.Contains(stdout+stderr, "warning") || !strings.Contains(stdout+stderr, "metadata-history") {
				t.Errorf("%s, %s, no CI: exit %d, want 0 with a metadata-history warning\n%s%s", name, c.what, code, stdout, stderr)
			}
			code, stdout, stderr = runEnv(t, ci, append(c.args, "--published", "v1.0.0")...)
			if code != ExitOK || strings.Contains(stdout+stderr, "metadata-history") {
				t.Errorf("%s, %s --published, CI=true: exit %d\n%s%s", name, c.what, code, stdout, stderr)
			}
		}
	}
}
