package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/layout"
)

// TestLintReleasePicksMainComponents: with a main and a variant components file, verify
// lints the release as having the recommended file, whatever the map order.
func TestLintReleasePicksMainComponents(t *testing.T) {
	t.Parallel()
	rel := filepath.Join(builtTiny(t), "bootstrap-tiny", "v1.0.0")
	files := map[string][]byte{}
	for _, n := range []string{"metadata.yaml", "bootstrap-components.yaml"} {
		data, err := os.ReadFile(filepath.Join(rel, n))
		if err != nil {
			t.Fatal(err)
		}
		files[n] = data
	}
	files["bootstrap-components-development.yaml"] = files["bootstrap-components.yaml"]
	for i := 0; i < 20; i++ {
		for _, f := range check.RepoFiles("bootstrap-tiny", layout.MustParseVersion("v1.0.0"), files) {
			if f.Rule == "components-file-name" {
				t.Fatalf("run %d: the variant was taken as the components file: %v", i, f)
			}
		}
	}
}

// TestVerifyGitLabMissingProject: a GitLab URL of the form clusterctl accepts, whose
// project is not on the instance, is a remote failure (exit 4) naming the provider,
// and the token never shows. (That the URL's own host is read without --gitlab-url is
// pkg/source's TestGitLabURLIsReadFromItsOwnHost.)
func TestVerifyGitLabMissingProject(t *testing.T) {
	t.Parallel()
	gl := newGitLab(t)
	raw := "https://gitlab.example.com/api/v4/projects/group%2Fnone/packages/generic/bootstrap-tiny/v1.0.0/bootstrap-components.yaml"
	code, stdout, stderr := runEnv(t, glEnv, "verify", raw, "--gitlab-url", gl.URL)
	if code != ExitPublish || !strings.Contains(stderr, "verifying bootstrap-tiny") {
		t.Fatalf("exit %d, want %d and a message naming bootstrap-tiny\n%s%s", code, ExitPublish, stdout, stderr)
	}
	noSecret(t, glSecret, stdout, stderr)
}

// TestVerifyLocalForms: a build output folder (with its _docs/ and clusterctl.yaml), a
// provider folder, a relative path and a provider URL verify; a missing path exits 3.
func TestVerifyLocalForms(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	docs := filepath.Join(dist, "_docs", "bootstrap-tiny", "v1.0.0")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(docs, "cluster-template.md"), []byte("# Variables\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, dist)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path string
		code       int
		want       string
	}{
		{"build output folder", dist, ExitOK, "usable by: clusterctl v1.7-v1.10, clusterctl v1.11+"},
		{"provider folder", filepath.Join(dist, "bootstrap-tiny"), ExitOK, "bootstrap-tiny (components file bootstrap-components.yaml)"},
		{"relative path", rel, ExitOK, "bootstrap-tiny (components file bootstrap-components.yaml)"},
		{"provider URL", "file://" + filepath.Join(dist, "bootstrap-tiny", "latest", "bootstrap-components.yaml"), ExitOK, "v1.0.0"},
		{"missing path", filepath.Join(dist, "nope"), ExitInput, "does not exist"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := runEnv(t, nil, "verify", c.path)
			if code != c.code || !strings.Contains(stdout+stderr, c.want) || strings.Contains(stdout, "_docs") {
				t.Fatalf("exit %d (want %d), want %q and nothing about _docs:\n%s%s", code, c.code, c.want, stdout, stderr)
			}
		})
	}
}

// TestVerifyOversizedFile: a metadata.yaml over its cap is refused, naming the cap,
// without reading it whole.
func TestVerifyOversizedFile(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	md := filepath.Join(dist, "bootstrap-tiny", "v1.0.0", "metadata.yaml")
	if err := os.WriteFile(md, bytes.Repeat([]byte("#\n"), 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runEnv(t, nil, "verify", dist)
	if code != ExitFindings || !strings.Contains(stdout, "larger than the 1 MiB cap") || !strings.Contains(stdout, md) {
		t.Fatalf("exit %d, want %d naming %s and the 1 MiB cap:\n%s%s", code, ExitFindings, md, stdout, stderr)
	}
}
