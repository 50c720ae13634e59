package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestActionOutputsComeFromTheirSteps: every output of action.yml is an output of a
// step with that id, and the step (or the script it runs) writes it.
func TestActionOutputsComeFromTheirSteps(t *testing.T) {
	t.Parallel()
	a := readAction(t)
	ref := regexp.MustCompile(`^\$\{\{ steps\.([\w-]+)\.outputs\.([\w-]+) \}\}$`)
	for _, name := range []string{"dist", "version", "release-url", "findings"} {
		if _, ok := a.Outputs[name]; !ok {
			t.Errorf("action.yml has no output %s", name)
		}
	}
	for name, o := range a.Outputs {
		m := ref.FindStringSubmatch(o.Value)
		if m == nil || m[2] != name {
			t.Errorf("output %s = %q; want ${{ steps.ID.outputs.%s }}", name, o.Value, name)
			continue
		}
		script := ""
		for _, s := range a.Runs.Steps {
			if s.ID == m[1] {
				script = s.Run
			}
		}
		if strings.Contains(script, "hack/action-install.sh") {
			data, err := os.ReadFile(installScript)
			if err != nil {
				t.Fatal(err)
			}
			script = string(data)
		}
		if !strings.Contains(script, name+"=") {
			t.Errorf("output %s: step %q does not write it", name, m[1])
		}
	}
}

// stepOutputs runs a step's script with a capirepo stub and the variables env, and
// returns its log, its error and the outputs it wrote.
func stepOutputs(t *testing.T, name, stub string, env map[string]string) (log, outputs string, err error) {
	t.Helper()
	bin, tmp := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "capirepo"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	env["RUNNER_TEMP"], env["GITHUB_OUTPUT"] = tmp, filepath.Join(tmp, "output")
	log, err = runScript(t, step(t, readAction(t), name), env, bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	written, _ := os.ReadFile(env["GITHUB_OUTPUT"])
	return log, strings.ReplaceAll(string(written), tmp, "$RUNNER_TEMP"), err
}

// TestActionStepOutputs: build names the dist folder and version; lint writes the
// SARIF file and names it even when it has findings (the step still fails), but not
// when lint could not run; publish names the release page (a draft's: the releases).
func TestActionStepOutputs(t *testing.T) {
	t.Parallel()
	_, got, err := stepOutputs(t, "Build", "#!/bin/sh\nexit 0\n", map[string]string{"CONFIG": "capirepo.yaml", "VERSION": "v1.2.3",
		"CHECK_IMAGES": "false", "IMAGE_PLATFORMS": "", "SIGN_KEYLESS": "false"})
	if want := "dist=$RUNNER_TEMP/capirepo-dist\nversion=v1.2.3\n"; err != nil || got != want {
		t.Errorf("build: %v, outputs %q; want %q", err, got, want)
	}
	lint := "#!/bin/sh\nif [ \"$2\" = sarif ]; then echo '{\"version\":\"2.1.0\"}'; fi\nexit %s\n"
	log, got, err := stepOutputs(t, "Lint", strings.Replace(lint, "%s", "1", 1), map[string]string{})
	if want := "findings=$RUNNER_TEMP/capirepo-findings.sarif\n"; err == nil || got != want {
		t.Errorf("lint with findings: %v, outputs %q; want a failure and %q\n%s", err, got, want, log)
	}
	if _, got, err := stepOutputs(t, "Lint", strings.Replace(lint, "%s", "3", 1), map[string]string{}); err == nil || got != "" {
		t.Errorf("lint that could not run: %v, outputs %q; want a failure and no findings", err, got)
	}
	for draft, want := range map[string]string{"false": "https://github.com/org/x/releases/tag/v1.2.3", "true": "https://github.com/org/x/releases"} {
		env := map[string]string{"REPO": "org/x", "DRAFT": draft, "VERSION": "v1.2.3", "NOTES_FILE": "", "GENERATE_NOTES": "false",
			"GITHUB_TOKEN": "t", "GITHUB_SERVER_URL": "https://github.com"}
		if _, got, err := stepOutputs(t, "Publish", "#!/bin/sh\nexit 0\n", env); err != nil || got != "release-url="+want+"\n" {
			t.Errorf("publish (draft %s): %v, outputs %q; want release-url=%s", draft, err, got, want)
		}
	}
}
