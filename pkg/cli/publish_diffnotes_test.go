package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

// diffNotes is `capirepo diff A B -o markdown`, with its sides named by their versions
// as publish names them in a release body.
func diffNotes(t *testing.T, a, b, from, to string) string {
	t.Helper()
	code, out, stderr := run(t, "diff", a, b, "-o", "markdown")
	if code != ExitFindings {
		t.Fatalf("diff: exit %d\n%s", code, stderr)
	}
	return strings.Replace(out, "From `"+a+"` to `"+b+"`.", "From `"+from+"` to `"+to+"`.", 1)
}

// TestPublishGitHubNotesFromDiff: the release body GitHub receives is diff's Markdown
// release notes from PREVIOUS (a build folder, or the previous release's URL) to the
// published folder; an unreadable PREVIOUS publishes nothing, and the flag excludes the
// other notes flags.
func TestPublishGitHubNotesFromDiff(t *testing.T) {
	t.Parallel()
	prev, next := buildTinyVersion(t, "v1.0.0", nil), buildTinyVersion(t, "v1.1.0", newImage)
	want := diffNotes(t, prev, next, "v1.0.0", "v1.1.0")
	if !strings.Contains(want, "### Images") {
		t.Fatalf("the fixture's notes name no image change:\n%s", want)
	}
	env := map[string]string{"GITHUB_TOKEN": ghSecret}
	gh := newGitHub(t)
	if code, _, stderr := publishGitHub(t, env, gh, next, "--notes-from-diff", prev); code != ExitOK || onlyRelease(t, gh).Body != want {
		t.Fatalf("exit %d, body\n%s\nwant\n%s\n%s", code, onlyRelease(t, gh).Body, want, stderr)
	}
	gh = newGitHub(t)
	if code, _, stderr := publishGitHub(t, env, gh, prev); code != ExitOK {
		t.Fatalf("publishing v1.0.0: exit %d\n%s", code, stderr)
	}
	url := "https://github.com/" + ghRepo + "/releases/v1.0.0/bootstrap-components.yaml"
	if code, _, stderr := publishGitHub(t, env, gh, next, "--notes-from-diff", url); code != ExitOK || releaseBody(gh, "v1.1.0") != want {
		t.Errorf("from the published URL: exit %d, body\n%s\nwant\n%s\n%s", code, releaseBody(gh, "v1.1.0"), want, stderr)
	}
	gh = newGitHub(t)
	if code, _, _ := publishGitHub(t, env, gh, next, "--notes-from-diff", filepath.Join(t.TempDir(), "nope")); code != ExitInput || len(gh.Releases(ghOwner, ghName)) != 0 {
		t.Errorf("a missing PREVIOUS: exit %d, %d releases; want %d and none", code, len(gh.Releases(ghOwner, ghName)), ExitInput)
	}
	for _, other := range [][]string{{"--generate-notes"}, {"--notes-file", "n.md"}} {
		if code, _, _ := publishGitHub(t, env, gh, next, append(other, "--notes-from-diff", prev)...); code != ExitUsage {
			t.Errorf("%s with --notes-from-diff: exit %d, want %d", other[0], code, ExitUsage)
		}
	}
}

// releaseBody is the body of the release of tag ("" when there is none).
func releaseBody(gh *fakegithub.Server, tag string) string {
	for _, r := range gh.Releases(ghOwner, ghName) {
		if r.Tag == tag {
			return r.Body
		}
	}
	return ""
}

// TestPublishGitLabNotesFromDiff: the description of the version's GitLab release is
// diff's Markdown release notes from PREVIOUS to the published folder: created on the
// first run, updated on the next (GitLab answers 409 for a release that exists); an
// unreadable PREVIOUS uploads nothing.
func TestPublishGitLabNotesFromDiff(t *testing.T) {
	t.Parallel()
	prev, next := buildTinyVersion(t, "v1.0.0", nil), buildTinyVersion(t, "v1.1.0", newImage)
	want := diffNotes(t, prev, next, "v1.0.0", "v1.1.0")
	env := map[string]string{"GITLAB_TOKEN": glSecret}
	gl := newGitLab(t)
	for run := range 2 {
		code, _, stderr := publishGitLab(t, env, gl, next, "--notes-from-diff", prev)
		if got, ok := gl.Release(glProject, "v1.1.0"); code != ExitOK || !ok || got != want {
			t.Fatalf("run %d: exit %d, release %v, description\n%s\nwant\n%s\n%s", run, code, ok, got, want, stderr)
		}
	}
	if _, ok := gl.Release(glProject, "v1.0.0"); ok {
		t.Error("a release was made for PREVIOUS's version")
	}
	gl = newGitLab(t)
	deploy := map[string]string{"GITLAB_DEPLOY_TOKEN": glSecret + "_deploy"}
	if code, _, stderr := publishGitLab(t, deploy, gl, next, "--notes-from-diff", prev); code != ExitUsage || !strings.Contains(stderr, "deploy tokens cannot") {
		t.Errorf("a deploy token: exit %d, want %d naming why\n%s", code, ExitUsage, stderr)
	}
	code, _, _ := publishGitLab(t, env, gl, next, "--notes-from-diff", filepath.Join(t.TempDir(), "nope"))
	if _, ok := gl.Release(glProject, "v1.1.0"); code != ExitInput || ok || len(gl.Files(glProject, glPackage, "v1.1.0")) != 0 {
		t.Errorf("a missing PREVIOUS: exit %d (want %d), release %v, files uploaded", code, ExitInput, ok)
	}
}
