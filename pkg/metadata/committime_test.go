package metadata

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

func TestSourceDateEpoch(t *testing.T) {
	t.Parallel()
	if got, err := SourceDateEpoch("1700000000"); err != nil || !got.Equal(time.Unix(1700000000, 0)) {
		t.Errorf("SourceDateEpoch(1700000000) = %v, %v", got, err)
	}
	if got, err := SourceDateEpoch(""); err != nil || !got.IsZero() {
		t.Errorf(`SourceDateEpoch("") = %v, %v; want zero`, got, err)
	}
	for _, bad := range []string{"-1", "soon"} {
		if _, err := SourceDateEpoch(bad); err == nil {
			t.Errorf("SourceDateEpoch(%q) accepted", bad)
		}
	}
}

// TestTagCommitTime: the tag's commit when the tag exists, else HEAD's, else zero.
func TestTagCommitTime(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if got := TagCommitTime(dir, "v1.0.0"); !got.IsZero() {
		t.Errorf("without git: %v, want zero", got)
	}
	git(t, dir, "init", "-q")
	commit := func(date, msg string) {
		if err := os.WriteFile(filepath.Join(dir, "f"), []byte(msg), 0o644); err != nil {
			t.Fatal(err)
		}
		git(t, dir, "add", "f")
		cmd := exec.Command("git", "-C", dir, "-c", "user.name=T", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false", "commit", "-q", "-m", msg)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "GIT_COMMITTER_DATE="+date, "GIT_AUTHOR_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("commit: %v\n%s", err, out)
		}
	}
	commit("@1600000000 +0000", "one")
	git(t, dir, "tag", "v1.0.0")
	commit("@1700000000 +0000", "two")
	if got := TagCommitTime(dir, "v1.0.0"); !got.Equal(time.Unix(1600000000, 0)) {
		t.Errorf("tagged: %v, want the tag's commit time", got)
	}
	if got := TagCommitTime(dir, "v2.0.0"); !got.Equal(time.Unix(1700000000, 0)) {
		t.Errorf("untagged: %v, want HEAD's commit time", got)
	}
}

// TestCommitTime: one revision's commit time, zero for a missing revision or
// checkout; SOURCE_DATE_EPOCH ignores spaces around it (provenance's parser did).
func TestCommitTime(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if got := CommitTime(context.Background(), dir, "HEAD"); !got.IsZero() {
		t.Errorf("without git: %v, want zero", got)
	}
	git(t, dir, "init", "-q")
	cmd := exec.Command("git", "-C", dir, "-c", "user.name=T", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false", "commit", "-q", "--allow-empty", "-m", "one")
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "GIT_COMMITTER_DATE=@1650000000 +0000", "GIT_AUTHOR_DATE=@1650000000 +0000")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("commit: %v\n%s", err, out)
	}
	if got := CommitTime(context.Background(), dir, "HEAD"); !got.Equal(time.Unix(1650000000, 0)) {
		t.Errorf("HEAD: %v, want 1650000000", got)
	}
	if got := CommitTime(context.Background(), dir, "refs/tags/none^{commit}"); !got.IsZero() {
		t.Errorf("missing rev: %v, want zero", got)
	}
	if got, err := SourceDateEpoch(" 1700000000\n"); err != nil || !got.Equal(time.Unix(1700000000, 0)) {
		t.Errorf("SourceDateEpoch with spaces = %v, %v", got, err)
	}
}

// TestCreatedFor: SOURCE_DATE_EPOCH fixes every version's time; without it each
// version's tag commit time is read (zero outside git); a bad value is an error.
func TestCreatedFor(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fixed, err := CreatedFor("1700000000", dir)
	if err != nil || !fixed("v1.0.0").Equal(time.Unix(1700000000, 0)) {
		t.Errorf("SOURCE_DATE_EPOCH: %v", err)
	}
	fromGit, err := CreatedFor("", dir)
	if err != nil || !fromGit("v1.0.0").IsZero() {
		t.Errorf("no epoch, no git: %v", err)
	}
	git(t, dir, "init", "-q")
	cmd := exec.Command("git", "-C", dir, "-c", "user.name=T", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false", "commit", "-q", "--allow-empty", "-m", "one")
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "GIT_COMMITTER_DATE=@1650000000 +0000", "GIT_AUTHOR_DATE=@1650000000 +0000")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("commit: %v\n%s", err, out)
	}
	if got := fromGit("v1.0.0"); !got.Equal(time.Unix(1650000000, 0)) {
		t.Errorf("no epoch: %v, want HEAD's commit time", got)
	}
	if _, err := CreatedFor("yesterday", dir); err == nil {
		t.Error("CreatedFor accepted a bad SOURCE_DATE_EPOCH")
	}
}
