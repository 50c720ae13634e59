package metadata

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// git runs git in dir with no user or system configuration.
func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func TestGitTags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	git(t, dir, "config", "user.name", "Test")
	git(t, dir, "config", "user.email", "test@example.invalid")
	git(t, dir, "config", "commit.gpgsign", "false")
	git(t, dir, "config", "tag.gpgsign", "false")
	if err := os.WriteFile(filepath.Join(dir, "metadata.yaml"), Marshal(&Metadata{}), 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "add", "metadata.yaml")
	git(t, dir, "commit", "-q", "-m", "init")
	for _, tag := range []string{"v0.10.0", "v0.2.0", "v0.2.0-rc.0", "v0.1.0", "0.3.0", "api/v0.1.0", "latest", "release-0.1", "v1.0", "v01.0.0"} {
		git(t, dir, "tag", tag)
	}
	git(t, dir, "tag", "-a", "-m", "annotated", "v1.0.0")

	got, err := GitTags(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"v0.1.0", "v0.2.0-rc.0", "v0.2.0", "0.3.0", "v0.10.0", "v1.0.0"}
	if !slices.Equal(got, want) {
		t.Errorf("GitTags() = %v, want %v", got, want)
	}
}

func TestGitTagsErrors(t *testing.T) {
	t.Parallel()
	notRepo := t.TempDir()
	cancelled, cancel := context.WithCancel(t.Context())
	cancel()
	cases := []struct {
		name string
		ctx  context.Context
		dir  string
	}{
		{"not a repository", t.Context(), notRepo},
		{"missing directory", t.Context(), filepath.Join(notRepo, "absent")},
		{"cancelled", cancelled, notRepo},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tags, err := GitTags(c.ctx, c.dir)
			if err == nil || tags != nil || !strings.Contains(err.Error(), c.dir) {
				t.Fatalf("GitTags() = %v, %v; want an error naming %s", tags, err, c.dir)
			}
		})
	}
}
