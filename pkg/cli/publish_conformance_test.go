package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The destinations themselves pass the conformance suite of pkg/publish (through the
// Go API: publish, re-run, conflict, replace, dry run, interrupt, faults, no token).
// This is the command line's side: each publish command's flags, exit codes and
// report, and that no credential reaches its output.
type publishCommand struct {
	name  string
	start func(t *testing.T) *target
}

// target is one publish command against a fresh destination.
type target struct {
	args    []string          // the publish command and its destination flags, without --from
	env     map[string]string // the environment the command sees (tokens)
	replace string            // the flag that allows replacing: "--replace" or "--force"
	secret  string            // a credential that must never appear in any output ("" = none)
}

var publishCommands = []publishCommand{
	{"local", func(t *testing.T) *target {
		return &target{args: []string{"publish", "local", "--to", filepath.Join(t.TempDir(), "repo")}, replace: "--force"}
	}},
	{"github", func(t *testing.T) *target {
		return &target{args: []string{"publish", "github", "--repo", ghRepo, "--github-url", newGitHub(t).URL()},
			env: map[string]string{"GITHUB_TOKEN": ghSecret}, replace: "--replace", secret: ghSecret}
	}},
	{"gitlab", func(t *testing.T) *target {
		return &target{args: []string{"publish", "gitlab", "--url", newGitLab(t).URL, "--project", glProject},
			env: map[string]string{"GITLAB_TOKEN": glSecret}, replace: "--replace", secret: glSecret}
	}},
	{"configmaps", func(t *testing.T) *target {
		return &target{args: []string{"publish", "configmaps", "--to", filepath.Join(t.TempDir(), "operator")}, replace: "--replace"}
	}},
	{"oci", func(t *testing.T) *target {
		return &target{args: []string{"publish", "oci", "--to", authRegistry(t).Host + "/capi", "--plain-http"},
			env: ociEnv(t, "OCI_USERNAME", "robot", "OCI_PASSWORD", ociSecret), replace: "--replace", secret: ociSecret}
	}},
}

// run publishes dist with extra flags and checks that no credential is shown.
func (tg *target) run(t *testing.T, dist string, extra ...string) (int, string, string) {
	t.Helper()
	args := append(append(append([]string(nil), tg.args...), "--from", dist), extra...)
	code, stdout, stderr := runEnv(t, tg.env, args...)
	if tg.secret != "" {
		noSecret(t, tg.secret, stdout, stderr)
	}
	return code, stdout, stderr
}

// must runs and fails unless the exit code is want; it returns both outputs.
func (tg *target) must(t *testing.T, want int, dist string, extra ...string) string {
	t.Helper()
	code, stdout, stderr := tg.run(t, dist, extra...)
	if code != want {
		t.Fatalf("%v %v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", tg.args, extra, code, want, stdout, stderr)
	}
	return stdout + stderr
}

func TestPublishCommands(t *testing.T) {
	t.Parallel()
	d := newDists(t)
	for _, c := range publishCommands {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tg := c.start(t)
			steps := []struct {
				code  int
				dist  string
				flags []string
				want  []string
			}{
				{ExitOK, d.both, []string{"--dry-run"}, []string{" 0 written, 0 replaced, 0 skipped, 0 refused, 4 planned"}},
				{ExitOK, d.both, nil, []string{" 4 written, 0 replaced, 0 skipped, 0 refused"}},
				{ExitOK, d.both, nil, []string{" 0 written, 0 replaced, 4 skipped, 0 refused"}},
				{ExitConflict, d.changed, nil, []string{"v1.1.0", tg.replace}},
				{ExitOK, d.changed, []string{tg.replace}, []string{" 0 written, 1 replaced, 3 skipped, 0 refused"}},
			}
			for _, s := range steps {
				out := tg.must(t, s.code, s.dist, s.flags...)
				for _, w := range s.want {
					if !strings.Contains(out, w) {
						t.Errorf("%v %v: the output lacks %q:\n%s", tg.args, s.flags, w, out)
					}
				}
			}
		})
	}
}

// dists are the build outputs the test publishes: v1.0.0 and v1.1.0 of the tiny
// provider, and both with v1.1.0's components changed.
type dists struct{ both, changed string }

func newDists(t *testing.T) *dists {
	v10 := buildTinyVersion(t, "v1.0.0", nil)
	v11 := buildTinyVersion(t, "v1.1.0", nil)
	v11c := buildTinyVersion(t, "v1.1.0", newImage)
	return &dists{both: mergeDists(t, v10, v11), changed: mergeDists(t, v10, v11c)}
}

// buildTinyVersion builds one version of the tiny provider (metadata lists 1.0 and 1.1).
func buildTinyVersion(t *testing.T, version string, edit func(map[string]string)) string {
	t.Helper()
	dir := sampleTree(t, func(f map[string]string) {
		f["metadata.yaml"] += "- {major: 1, minor: 1, contract: v1beta1}\n"
		if edit != nil {
			edit(f)
		}
	})
	out := filepath.Join(dir, "dist")
	if code, _, stderr := runEnv(t, nil, "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", version, "--out", out); code != 0 {
		t.Fatalf("build %s: %s", version, stderr)
	}
	return out
}

// mergeDists copies the version folders of more into a copy of base.
func mergeDists(t *testing.T, base string, more ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "dist")
	if err := os.CopyFS(out, os.DirFS(base)); err != nil {
		t.Fatal(err)
	}
	for _, src := range more {
		versions, _ := filepath.Glob(filepath.Join(src, "bootstrap-tiny", "v*"))
		for _, v := range versions {
			if err := os.CopyFS(filepath.Join(out, "bootstrap-tiny", filepath.Base(v)), os.DirFS(v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}
