package cli

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPublishGitHubNotes(t *testing.T) {
	t.Parallel()
	gh := newGitHub(t)
	dist := builtTiny(t)
	notes := filepath.Join(t.TempDir(), "CHANGELOG.md")
	if err := os.WriteFile(notes, []byte("## v1.0.0\n* first\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"GITHUB_TOKEN": ghSecret}
	base := []string{"publish", "github", "--from", dist, "--repo", ghRepo, "--github-url", gh.URL()}
	code, stdout, stderr := runEnv(t, env, append(base, "--notes-file", notes)...)
	if code != ExitOK || onlyRelease(t, gh).Body != "## v1.0.0\n* first\n" {
		t.Fatalf("exit %d, body %q\n%s%s", code, onlyRelease(t, gh).Body, stdout, stderr)
	}
	if code, _, _ = runEnv(t, env, base...); code != ExitOK || onlyRelease(t, gh).Body != "## v1.0.0\n* first\n" {
		t.Errorf("a re-run without notes flags changed the notes (exit %d): %q", code, onlyRelease(t, gh).Body)
	}
	if code, _, stderr = runEnv(t, env, append(base, "--notes-file", notes, "--generate-notes")...); code != ExitUsage {
		t.Errorf("--notes-file with --generate-notes: exit %d, want %d\n%s", code, ExitUsage, stderr)
	}
	if code, _, _ = runEnv(t, env, append(base, "--generate-notes")...); code != ExitOK || onlyRelease(t, gh).Body == "## v1.0.0\n* first\n" {
		t.Errorf("--generate-notes on an existing release: exit %d, body %q", code, onlyRelease(t, gh).Body)
	}
}
