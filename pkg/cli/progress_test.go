package cli

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// runTerm runs capirepo with stderr counted as a terminal (or not).
func runTerm(t *testing.T, terminal bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := Env{Getenv: MapEnv(ociEnv(t)), Stdout: &out, Stderr: &errOut, IsTerminal: func(io.Writer) bool { return terminal }}
	code := Run(context.Background(), args, env)
	return code, out.String(), errOut.String()
}

// TestImagesCopyProgressOnlyOnATerminal: off a terminal `images copy` writes exactly
// what it wrote before the status bar (one line per image, nothing else); on a
// terminal the same lines, and on stderr a bar of the blobs (count, bytes, rate) that
// is removed; -o json on a terminal draws no bar.
func TestImagesCopyProgressOnlyOnATerminal(t *testing.T) {
	t.Parallel()
	src := registry.New(t)
	dir := imagesDir(t, seededImage(t, src))
	copyTo := func(terminal bool, extra ...string) (int, string, string, string) {
		layout := filepath.Join(t.TempDir(), "layout")
		code, out, stderr := runTerm(t, terminal, append([]string{"images", "copy", "--plain-http", "--layout", layout, dir}, extra...)...)
		return code, strings.ReplaceAll(out, layout, "LAYOUT"), stderr, layout
	}
	code, plain, stderr, _ := copyTo(false)
	want := regexp.MustCompile(`^copied \S+/team/tiny:v1 -> tiny:v1 \(sha256:[0-9a-f]{64}\)\n$`)
	if code != ExitOK || !want.MatchString(plain) || stderr != "" {
		t.Fatalf("off a terminal: exit %d, stdout %q, stderr %q; want one line per image and nothing else", code, plain, stderr)
	}
	code, out, stderr, _ := copyTo(true)
	if code != ExitOK || out != plain {
		t.Errorf("on a terminal: exit %d, stdout %q; want the same lines %q", code, out, plain)
	}
	if !strings.Contains(stderr, "\r") || !strings.Contains(stderr, "blobs: copied: ") || !strings.Contains(stderr, "/s") {
		t.Errorf("on a terminal: no status bar of the blobs on stderr: %q", stderr)
	}
	if rest := stderr[strings.LastIndex(stderr, "\r"):]; strings.TrimSpace(rest) != "" {
		t.Errorf("the bar is not removed at the end: %q", stderr)
	}
	if code, _, stderr, _ = copyTo(true, "-o", "json"); code != ExitOK || strings.Contains(stderr, "\r") {
		t.Errorf("-o json on a terminal: exit %d, stderr %q; want no bar", code, stderr)
	}
}

// TestPublishUploadProgressOnlyOnATerminal: on a terminal publish github draws a
// status bar toward the bytes it uploads (each file as it is done) and removes it
// before the report; off a terminal, and with -o json, stderr and stdout are what they
// are without it.
func TestPublishUploadProgressOnlyOnATerminal(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	publishOn := func(terminal bool, extra ...string) (int, string, string) {
		gh := newGitHub(t)
		var out, errOut bytes.Buffer
		env := Env{Getenv: MapEnv(map[string]string{"GITHUB_TOKEN": ghSecret}), Stdout: &out, Stderr: &errOut, IsTerminal: func(io.Writer) bool { return terminal }}
		args := append([]string{"publish", "github", "--from", dist, "--repo", ghRepo, "--github-url", gh.URL()}, extra...)
		code := Run(context.Background(), args, env)
		return code, strings.ReplaceAll(out.String(), gh.URL(), "GH"), errOut.String()
	}
	code, plainOut, plainErr := publishOn(false)
	if code != ExitOK || strings.ContainsAny(plainErr+plainOut, "\r\033") {
		t.Fatalf("off a terminal: exit %d, control characters in\n%q\n%q", code, plainOut, plainErr)
	}
	code, out, stderr := publishOn(true)
	if code != ExitOK || out != plainOut {
		t.Errorf("on a terminal: exit %d, stdout\n%q\nwant the same report\n%q", code, out, plainOut)
	}
	if !strings.Contains(stderr, "files: uploaded ") || !regexp.MustCompile(`\(\d+/\d+ B, `).MatchString(stderr) {
		t.Errorf("on a terminal: no upload bar with its total on stderr: %q", stderr)
	}
	if plain := regexp.MustCompile(`\r[^\r\n]*`).ReplaceAllString(stderr, ""); plain != plainErr {
		t.Errorf("on a terminal, stderr without the bar = %q, want %q", plain, plainErr)
	}
	if code, _, stderr = publishOn(true, "-o", "json"); code != ExitOK || strings.Contains(stderr, "\r") {
		t.Errorf("-o json on a terminal: exit %d, stderr %q; want no bar", code, stderr)
	}
}
