package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// exitRows is the exit-code table: one row per command. To add a command, add a row
// with one scenario per class of the table in docs/exit-codes.md, or the reason a class does not apply.
func exitRows() []exitRow {
	local := "reads and writes local files only"
	noLint := "checks no contract rule"
	return append([]exitRow{
		{cmd: "build", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string {
				return []string{"build", "--config", tinyConfig(s.t, nil), "--version", "v1.0.0", "extra"}
			},
			classFindings: func(s *stage) []string {
				return []string{"build", "--config", tinyConfig(s.t, badImage), "--version", "v1.0.0"}
			},
			classInput: func(s *stage) []string {
				return []string{"build", "--config", tinyConfig(s.t, brokenKustomization), "--version", "v1.0.0"}
			},
			classRemote: func(s *stage) []string {
				cfg := tinyConfig(s.t, nil)
				return []string{"build", "--config", cfg, "--version", "v1.0.0", "--out", filepath.Join(filepath.Dir(cfg), "metadata.yaml", "dist")}
			},
			classInterrupt: func(s *stage) []string {
				return []string{"build", "--config", s.remoteTinyConfig(), "--version", "v1.0.0", "--published", ""}
			},
		}, na: map[errClass]string{classConflict: "build replaces its own output folder; a folder it did not write is a destination failure (4)"}},

		{cmd: "init", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"init", s.t.TempDir(), "extra"} },
			classInput: func(s *stage) []string { return []string{"init", s.t.TempDir()} },
			classConflict: func(s *stage) []string {
				return []string{"init", filepath.Dir(tinyConfig(s.t, nil))} // capirepo.yaml exists
			},
			classInterrupt: func(s *stage) []string {
				s.interruptNow()
				return []string{"init", initTree(s.t)}
			},
			classQuestions: func(s *stage) []string { return []string{"init", questionTree(s.t, nil)} },
			classFindings: func(s *stage) []string { // --check: the release lacks the components
				against := writeText(s.t, filepath.Join(s.t.TempDir(), "metadata.yaml"), checkTree()["metadata.yaml"])
				return []string{"init", "--check", "--check-against", against, gitCheckout(s.t, checkTree())}
			},
			classRemote: func(s *stage) []string { // --check: no release on the forge
				return []string{"init", "--check", gitCheckout(s.t, checkTree()), "--github-url", newGitHub(s.t).URL()}
			},
		}, na: map[errClass]string{}},

		{cmd: "lint", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"lint", "--disable", "no-such-rule", builtTiny(s.t)} },
			classFindings: func(s *stage) []string {
				return []string{"lint", "--config", tinyConfig(s.t, badImage), "--version", "v1.0.0"}
			},
			classInput: func(s *stage) []string { return []string{"lint", missing(s.t)} },
			classInterrupt: func(s *stage) []string {
				return []string{"lint", "--config", s.remoteTinyConfig(), "--version", "v1.0.0", "--published", ""}
			},
		}, na: map[errClass]string{classRemote: local, classConflict: local}},

		{cmd: "vars", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"vars", "--format", "yaml", builtTiny(s.t)} },
			classInput: func(s *stage) []string { return []string{"vars", missing(s.t)} },
			classInterrupt: func(s *stage) []string {
				return []string{"vars", "--config", s.remoteTinyConfig(), "--version", "v1.0.0"}
			},
		}, na: map[errClass]string{classFindings: noLint, classRemote: local, classConflict: local}},

		{cmd: "metadata check", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"metadata", "check", "--config", tinyConfig(s.t, nil)} },
			classFindings: func(s *stage) []string {
				return []string{"metadata", "check", "--config", tinyConfig(s.t, nil), "--version", "v1.1.0", "--published", ""}
			},
			classInput: func(s *stage) []string {
				return []string{"metadata", "check", "--file", missing(s.t), "--version", "v1.0.0", "--published", ""}
			},
			classInterrupt: func(s *stage) []string {
				return []string{"metadata", "check", "--config", s.remoteTinyConfig(), "--version", "v1.0.0", "--published", ""}
			},
		}, na: map[errClass]string{classRemote: local, classConflict: local}},

		{cmd: "metadata add-series", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string {
				return []string{"metadata", "add-series", "--config", tinyConfig(s.t, nil), "--version", "v1.1.0"}
			},
			classInput: func(s *stage) []string {
				return []string{"metadata", "add-series", "--config", tinyConfig(s.t, nil), "--version", "v1.1.0", "--contract", "v9"}
			},
			classInterrupt: func(s *stage) []string {
				s.interruptNow()
				return []string{"metadata", "add-series", "--config", tinyConfig(s.t, nil), "--version", "v1.1.0", "--contract", "v1beta1"}
			},
		}, na: map[errClass]string{classFindings: noLint, classRemote: "edits metadata.yaml in place; a write failure exits 4 but cannot be provoked portably", classConflict: local}},

		{cmd: "publish local", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"publish", "local", "--from", builtTiny(s.t)} },
			classInput: func(s *stage) []string {
				return []string{"publish", "local", "--from", missing(s.t), "--to", s.t.TempDir()}
			},
			classFindings: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"publish", "local", "--from", tinyImagesAt(s.t, registry.New(s.t), false), "--to", s.t.TempDir(), "--check-images", "--plain-http"}
			},
			classRemote: func(s *stage) []string {
				dist := builtTiny(s.t)
				return []string{"publish", "local", "--from", dist, "--to", filepath.Join(dist, "bootstrap-tiny", "v1.0.0", "metadata.yaml", "repo")}
			},
			classConflict: func(s *stage) []string {
				return []string{"publish", "local", "--from", buildTinyWith(s.t, newImage), "--to", localRepo(s.t, keep)}
			},
			classInterrupt: func(s *stage) []string { // mid-run interrupts: pkg/publish's conformance suite
				s.interruptNow()
				return []string{"publish", "local", "--from", builtTiny(s.t), "--to", s.t.TempDir()}
			},
		}, na: map[errClass]string{}},

		{cmd: "publish configmaps", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"publish", "configmaps", "--from", builtTiny(s.t)} },
			classInput: func(s *stage) []string {
				return []string{"publish", "configmaps", "--from", buildTinyVersion(s.t, "v1.0.0+build.1", nil), "--to", s.t.TempDir()}
			},
			classFindings: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"publish", "configmaps", "--from", tinyImagesAt(s.t, registry.New(s.t), false), "--to", s.t.TempDir(), "--check-images", "--plain-http"}
			},
			classRemote: func(s *stage) []string {
				dist := builtTiny(s.t)
				return []string{"publish", "configmaps", "--from", dist, "--to", filepath.Join(dist, "bootstrap-tiny", "v1.0.0", "metadata.yaml", "out")}
			},
			classConflict: func(s *stage) []string {
				return []string{"publish", "configmaps", "--from", buildTinyWith(s.t, newImage), "--to", configMapsOut(s.t, builtTiny(s.t))}
			},
			classInterrupt: func(s *stage) []string { // mid-run interrupts: pkg/publish's conformance suite
				s.interruptNow()
				return []string{"publish", "configmaps", "--from", builtTiny(s.t), "--to", s.t.TempDir()}
			},
		}, na: map[errClass]string{}},

		{cmd: "publish github", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string {
				return []string{"publish", "github", "--from", builtTiny(s.t), "--repo", "badvalue"}
			},
			classInput: func(s *stage) []string {
				return []string{"publish", "github", "--from", missing(s.t), "--repo", ghRepo}
			},
			classFindings: func(s *stage) []string {
				s.env = ociEnv(s.t)
				s.env["GITHUB_TOKEN"] = ghSecret
				dist := tinyImagesAt(s.t, registry.New(s.t), false)
				return []string{"publish", "github", "--from", dist, "--repo", ghRepo, "--github-url", newGitHub(s.t).URL(), "--check-images", "--plain-http"}
			},
			classRemote: func(s *stage) []string {
				s.env["GITHUB_TOKEN"] = "ghp_unknown"
				return []string{"publish", "github", "--from", builtTiny(s.t), "--repo", ghRepo, "--github-url", newGitHub(s.t).URL()}
			},
			classConflict: func(s *stage) []string {
				gh := newGitHub(s.t)
				s.env["GITHUB_TOKEN"] = ghSecret
				if code, _, stderr := runEnv(s.t, s.env, "publish", "github", "--from", builtTiny(s.t), "--repo", ghRepo, "--github-url", gh.URL()); code != ExitOK {
					s.t.Fatalf("first publish: %s", stderr)
				}
				return []string{"publish", "github", "--from", buildTinyWith(s.t, newImage), "--repo", ghRepo, "--github-url", gh.URL()}
			},
			classInterrupt: func(s *stage) []string {
				s.env["GITHUB_TOKEN"] = ghSecret
				return []string{"publish", "github", "--from", builtTiny(s.t), "--repo", ghRepo, "--github-url", s.hangingServer()}
			},
		}, na: map[errClass]string{}},

		{cmd: "publish gitlab", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string {
				return []string{"publish", "gitlab", "--from", builtTiny(s.t), "--url", "http://127.0.0.1:1"}
			},
			classInput: func(s *stage) []string {
				s.env["GITLAB_TOKEN"] = glSecret
				return []string{"publish", "gitlab", "--from", missing(s.t), "--url", "http://127.0.0.1:1", "--project", glProject}
			},
			classFindings: func(s *stage) []string {
				s.env = ociEnv(s.t)
				s.env["GITLAB_TOKEN"] = glSecret
				dist := tinyImagesAt(s.t, registry.New(s.t), false)
				return []string{"publish", "gitlab", "--from", dist, "--url", newGitLab(s.t).URL, "--project", glProject, "--check-images", "--plain-http"}
			},
			classRemote: func(s *stage) []string {
				s.env["GITLAB_TOKEN"] = "glpat_unknown"
				return []string{"publish", "gitlab", "--from", builtTiny(s.t), "--url", newGitLab(s.t).URL, "--project", glProject}
			},
			classConflict: func(s *stage) []string {
				gl := newGitLab(s.t)
				s.env["GITLAB_TOKEN"] = glSecret
				if code, _, stderr := runEnv(s.t, s.env, "publish", "gitlab", "--from", builtTiny(s.t), "--url", gl.URL, "--project", glProject); code != ExitOK {
					s.t.Fatalf("first publish: %s", stderr)
				}
				return []string{"publish", "gitlab", "--from", buildTinyWith(s.t, newImage), "--url", gl.URL, "--project", glProject}
			},
			classInterrupt: func(s *stage) []string {
				s.env["GITLAB_TOKEN"] = glSecret
				return []string{"publish", "gitlab", "--from", builtTiny(s.t), "--url", s.hangingServer(), "--project", glProject}
			},
		}, na: map[errClass]string{}},

		{cmd: "verify", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"verify"} },
			classFindings: func(s *stage) []string {
				root := localRepo(s.t, keep)
				writeBytes(s.t, filepath.Join(root, "bootstrap-tiny", "v1.0.0", "metadata.yaml"), []byte("kind: [\n"))
				return []string{"verify", filepath.Join(root, "bootstrap-tiny", "latest", "bootstrap-components.yaml")}
			},
			classInput: func(s *stage) []string { return []string{"verify", missing(s.t)} },
			classRemote: func(s *stage) []string {
				return []string{"verify", "https://github.com/acme/nope/releases/latest/bootstrap-components.yaml", "--github-url", newGitHub(s.t).URL()}
			},
			classInterrupt: func(s *stage) []string {
				return []string{"verify", tinyURL, "--github-url", s.hangingServer()}
			},
		}, na: map[errClass]string{classConflict: "reads only"}},

		{cmd: "diff", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"diff", builtTiny(s.t)} },
			classFindings: func(s *stage) []string {
				return []string{"diff", builtTiny(s.t), buildTinyWith(s.t, newImage)}
			},
			classInput: func(s *stage) []string { return []string{"diff", missing(s.t), builtTiny(s.t)} },
			classRemote: func(s *stage) []string {
				return []string{"diff", builtTiny(s.t), "https://github.com/acme/nope/releases/v1.0.0/bootstrap-components.yaml", "--github-url", newGitHub(s.t).URL()}
			},
			classInterrupt: func(s *stage) []string {
				return []string{"diff", builtTiny(s.t), tinyReleaseURL, "--github-url", s.hangingServer()}
			},
		}, na: map[errClass]string{classConflict: "reads only"}},

		{cmd: "mirror", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"mirror", "--bootstrap", "tiny:v1.0.0"} },
			classFindings: func(s *stage) []string {
				root := localRepo(s.t, keep)
				comp := filepath.Join(root, "bootstrap-tiny", "v1.0.0", "bootstrap-components.yaml")
				writeBytes(s.t, comp, []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x, namespace: tiny-system}\n"))
				return append(mirrorArgs(s.t.TempDir(), mirrorFrom(s.t, root)), "--strict")
			},
			classRemote: func(s *stage) []string {
				return []string{"mirror", "--out", s.t.TempDir(), "--bootstrap", "tiny:v1.0.0", "--cert-manager", "", "--quiet", "--from-config",
					writeText(s.t, filepath.Join(s.t.TempDir(), "c.yaml"), "providers:\n- {name: tiny, type: BootstrapProvider, url: \"https://github.com/acme/nope/releases/latest/bootstrap-components.yaml\"}\n"),
					"--github-url", newGitHub(s.t).URL()}
			},
			classConflict: func(s *stage) []string {
				out, from := s.t.TempDir(), mirrorFrom(s.t, localRepo(s.t, keep))
				if code, _, stderr := runEnv(s.t, nil, mirrorArgs(out, from)...); code != ExitOK {
					s.t.Fatalf("first mirror: %s", stderr)
				}
				writeBytes(s.t, filepath.Join(out, "bootstrap-tiny", "v1.0.0", "metadata.yaml"), []byte("# edited by hand\n"))
				return mirrorArgs(out, from)
			},
			classInterrupt: func(s *stage) []string {
				return []string{"mirror", "--out", s.t.TempDir(), "--bootstrap", "tiny:v1.0.0", "--cert-manager", "", "--quiet", "--from-config",
					writeText(s.t, filepath.Join(s.t.TempDir(), "c.yaml"), "providers:\n- {name: tiny, type: BootstrapProvider, url: \""+tinyURL+"\"}\n"),
					"--github-url", s.hangingServer()}
			},
		}, na: map[errClass]string{classInput: "reads its inputs from sources: an unreadable source is a remote failure (4), a broken --from-config a configuration error (2)"}},

		{cmd: "mirror relink", cases: map[errClass]scenario{
			classUsage:    func(s *stage) []string { return []string{"mirror", "relink", localRepo(s.t, keep), "extra"} },
			classFindings: func(s *stage) []string { return []string{"mirror", "relink", movedRepo(s.t, "bootstrap-other")} },
			classInput:    func(s *stage) []string { return []string{"mirror", "relink", s.t.TempDir()} }, // no clusterctl.yaml
			classRemote: func(s *stage) []string { // the lock file cannot be opened
				dir := movedRepo(s.t, "")
				lock := filepath.Join(dir, fsx.LockFile)
				if err := errors.Join(os.Remove(lock), os.Mkdir(lock, 0o755)); err != nil {
					s.t.Fatal(err)
				}
				return []string{"mirror", "relink", dir}
			},
			classInterrupt: func(s *stage) []string {
				s.interruptNow()
				return []string{"mirror", "relink", movedRepo(s.t, "")}
			},
		}, na: map[errClass]string{classConflict: "rewrites the URLs of its own folder; nothing is published"}},

		{cmd: "completion bash", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"completion", "bash", "extra"} },
		}, na: map[errClass]string{classFindings: "prints a script", classInput: "prints a script", classRemote: "prints a script",
			classConflict: "prints a script", classInterrupt: "prints a script"}},
		{cmd: "completion zsh", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"completion", "zsh", "--no-such-flag"} },
		}, na: map[errClass]string{classFindings: "prints a script", classInput: "prints a script", classRemote: "prints a script",
			classConflict: "prints a script", classInterrupt: "prints a script"}},
		{cmd: "completion fish", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"completion", "fish", "extra"} },
		}, na: map[errClass]string{classFindings: "prints a script", classInput: "prints a script", classRemote: "prints a script",
			classConflict: "prints a script", classInterrupt: "prints a script"}},
		{cmd: "completion powershell", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"completion", "powershell", "extra"} },
		}, na: map[errClass]string{classFindings: "prints a script", classInput: "prints a script", classRemote: "prints a script",
			classConflict: "prints a script", classInterrupt: "prints a script"}},
		{cmd: "version", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"version", "foo"} },
		}, na: map[errClass]string{classFindings: "prints a constant", classInput: "prints a constant", classRemote: "prints a constant",
			classConflict: "prints a constant", classInterrupt: "prints a constant"}},
	}, append(ociExitRows(), upgradeExitRows()...)...) // upgrade_test.go: build --upgrade-from, diff --upgrade
}

// invalidVersion is the command line of each command that takes a version, with an
// invalid one ("1.0": no v prefix) and its other required flags.
func invalidVersion(t *testing.T) map[string][]string {
	cfg := tinyConfig(t, nil)
	return map[string][]string{
		"build":               {"build", "--config", cfg, "--version", "1.0"},
		"lint":                {"lint", "--config", cfg, "--version", "1.0"},
		"vars":                {"vars", "--config", cfg, "--version", "1.0"},
		"metadata check":      {"metadata", "check", "--config", cfg, "--version", "1.0"},
		"metadata add-series": {"metadata", "add-series", "--config", cfg, "--version", "1.0", "--contract", "v1beta1"},
		"mirror":              {"mirror", "--out", t.TempDir(), "--bootstrap", "kubeadm:1.0", "--cert-manager", ""},
	}
}

// TestInvalidVersionIsAUsageError: an invalid version is a bad command line (exit 2,
// docs/exit-codes.md) in every command that takes one; a new command with a
// --version flag must join invalidVersion, and declare it with versionFlag (a flag
// value of type "version", parsed once when the flag is set).
func TestInvalidVersionIsAUsageError(t *testing.T) {
	t.Parallel()
	cases := invalidVersion(t)
	walkCommands(newRoot(Env{}.streams()), func(c *cobra.Command) {
		path := strings.TrimPrefix(strings.TrimPrefix(c.CommandPath(), "capirepo"), " ")
		if f := c.Flags().Lookup("version"); f != nil && f.Value.Type() != "version" && f.Value.Type() != "bool" {
			t.Errorf("%s takes --version as a %s: declare it with versionFlag", path, f.Value.Type())
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() == "version" && cases[path] == nil {
				t.Errorf("%s takes a version (--%s) but has no case in invalidVersion", path, f.Name)
			}
		})
	})
	for name, args := range cases {
		code, _, stderr := runEnv(t, nil, args...)
		if code != ExitUsage || !strings.Contains(stderr, `version "1.0" has no "v" prefix`) {
			t.Errorf("%s: exit %d, want %d naming the version\n%s", name, code, ExitUsage, stderr)
		}
	}
}
