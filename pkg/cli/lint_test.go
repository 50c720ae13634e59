package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// builtTiny builds the tiny provider and returns the build output folder.
func builtTiny(t *testing.T) string {
	t.Helper()
	dir := sampleTree(t, nil)
	out := filepath.Join(dir, "dist")
	if code, _, stderr := run(t, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", out); code != 0 {
		t.Fatalf("build: %s", stderr)
	}
	return out
}

func TestLintPaths(t *testing.T) {
	t.Parallel()
	out := builtTiny(t)
	rel := filepath.Join(out, "bootstrap-tiny", "v1.0.0")
	tplDir := t.TempDir()
	topo := "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: c\n  namespace: ${NAMESPACE}\nspec:\n  topology:\n    class: quick\n    version: v1.30.0\n"
	if err := os.WriteFile(filepath.Join(tplDir, "cluster-template.yaml"), []byte(topo), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"repository root", []string{out}, ExitOK, ""},
		{"release folder", []string{rel}, ExitOK, ""},
		{"components file", []string{filepath.Join(rel, "bootstrap-components.yaml")}, ExitOK, ""},
		{"metadata file", []string{filepath.Join(rel, "metadata.yaml")}, ExitOK, ""},
		{"templates folder keeps the ClusterClass cross-check", []string{tplDir}, ExitFindings, "template-clusterclass-missing"},
		{"single template skips it", []string{filepath.Join(tplDir, "cluster-template.yaml")}, ExitOK, ""},
		{"empty folder", []string{t.TempDir()}, ExitInput, "no release found"},
		{"missing path is unreadable input", []string{filepath.Join(out, "nope")}, ExitInput, "nope"},
		{"bad format", []string{"--format", "xml", out}, ExitUsage, "--format"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := run(t, append([]string{"lint"}, c.args...)...)
			if code != c.code || !strings.Contains(stdout+stderr, c.want) {
				t.Fatalf("exit %d (want %d)\nstdout: %s\nstderr: %s", code, c.code, stdout, stderr)
			}
		})
	}
}

func TestLintFindsAndFormats(t *testing.T) {
	t.Parallel()
	out := builtTiny(t)
	comp := filepath.Join(out, "bootstrap-tiny", "v1.0.0", "bootstrap-components.yaml")
	data, _ := os.ReadFile(comp)
	bad := strings.Replace(string(data), "image: registry.example.com/tiny:v1", "image: busybox:${TAG}", 1)
	if err := os.WriteFile(comp, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := run(t, "lint", "--format", "json", out)
	var fs []map[string]any
	if code != ExitFindings || json.Unmarshal([]byte(stdout), &fs) != nil || len(fs) == 0 {
		t.Fatalf("json: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = run(t, "lint", "--format", "github", out)
	if code != ExitFindings || !strings.Contains(stdout, "::error file=") || !strings.Contains(stdout, "bootstrap-components.yaml,line=") {
		t.Fatalf("github: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = run(t, "lint", "--format", "sarif", out)
	if code != ExitFindings || !strings.Contains(stdout, `"version": "2.1.0"`) {
		t.Fatalf("sarif: exit %d", code)
	}
	code, stdout, _ = run(t, "lint", "--disable", "components-image-canonical,components-image-variable,vars-image", out)
	if code != ExitOK {
		t.Fatalf("--disable: exit %d\n%s", code, stdout)
	}
}

func TestLintListRules(t *testing.T) {
	t.Parallel()
	code, stdout, _ := run(t, "lint", "--list-rules")
	for _, id := range []string{"yaml-parse", "vars-parse", "components-namespace-count", "metadata-version-series", "template-clusterclass-missing", "repo-latest", "repo-upgrade-series"} {
		if !strings.Contains(stdout, id) {
			t.Errorf("--list-rules lacks %s", id)
		}
	}
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
}

// TestLintDisable: --disable and a present config's lint.disable silence rules with
// PATH too; an unknown rule id is a usage error naming where it came from.
func TestLintDisable(t *testing.T) {
	t.Parallel()
	out := builtTiny(t)
	comp := filepath.Join(out, "bootstrap-tiny", "v1.0.0", "bootstrap-components.yaml")
	data, _ := os.ReadFile(comp)
	if err := os.WriteFile(comp, []byte(strings.Replace(string(data), "image: registry.example.com/tiny:v1", "image: tiny:v1", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := func(disable string) string {
		return tinyConfig(t, func(f map[string]string) { f["capirepo.yaml"] += disable })
	}
	silenced := cfg("lint:\n  disable: [components-image-canonical]\n")
	unknown := cfg("lint:\n  disable: [components-image-canonicl]\n")
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"rule fires", []string{out}, ExitFindings, "components-image-canonical"},
		{"--disable", []string{"--disable", "components-image-canonical", out}, ExitOK, ""},
		{"config lint.disable with PATH", []string{"--config", silenced, out}, ExitOK, ""},
		{"unknown id in --disable", []string{"--disable", "no-such-rule", out}, ExitUsage, `--disable: unknown rule id "no-such-rule"`},
		{"unknown id in lint.disable", []string{"--config", unknown, out}, ExitUsage, `lint.disable: unknown rule id "components-image-canonicl"`},
		{"verify rule ids are known", []string{"--disable", "repo-latest,components-image-canonical", out}, ExitOK, ""},
		{"named config must exist", []string{"--config", filepath.Join(t.TempDir(), "none.yaml"), out}, ExitUsage, "none.yaml"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := runEnv(t, nil, append([]string{"lint"}, c.args...)...)
			if code != c.code || !strings.Contains(stdout+stderr, c.want) {
				t.Fatalf("exit %d (want %d)\nstdout: %s\nstderr: %s", code, c.code, stdout, stderr)
			}
		})
	}
	dir := sampleTree(t, nil)
	code, _, stderr := runEnv(t, nil, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--disable", "nope")
	if code != ExitUsage || !strings.Contains(stderr, `unknown rule id "nope"`) {
		t.Fatalf("build --disable nope: exit %d %s", code, stderr)
	}
}

// TestLintConfigHistoryInCI: without PATH, lint runs build's metadata check, so in CI a
// tree without tag information fails as build does, unless --published says what was released.
func TestLintConfigHistoryInCI(t *testing.T) {
	t.Parallel()
	cfg := tinyConfig(t, nil)
	ci := map[string]string{"CI": "true"}
	if code, stdout, stderr := runEnv(t, ci, "lint", "--config", cfg, "--version", "v1.0.0"); code != ExitFindings || !strings.Contains(stdout, "metadata-history") {
		t.Errorf("CI=true, no tags: exit %d, want %d with metadata-history\n%s%s", code, ExitFindings, stdout, stderr)
	}
	if code, stdout, stderr := runEnv(t, nil, "lint", "--config", cfg, "--version", "v1.0.0"); code != ExitOK || !strings.Contains(stdout, "metadata-history") {
		t.Errorf("no CI: exit %d, want 0 with a metadata-history warning\n%s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := runEnv(t, ci, "lint", "--config", cfg, "--version", "v1.0.0", "--published="); code != ExitOK {
		t.Errorf("CI=true --published=: exit %d\n%s%s", code, stdout, stderr)
	}
}
