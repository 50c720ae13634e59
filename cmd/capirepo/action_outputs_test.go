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
	writeExecutable(t, filepath.Join(bin, "capirepo"), stub)
	env["RUNNER_TEMP"], env["GITHUB_OUTPUT"] = tmp, filepath.Join(tmp, "output")
	log, err = runScript(t, step(t, readAction(t), name), env, bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	written, _ := os.ReadFile(env["GITHUB_OUTPUT"])
	return log, strings.ReplaceAll(string(written), tmp, "$RUNNER_TEMP"), err
}

// TestActionStepOutputs: build names the dist folder, the version and the SARIF file
// of its findings; a refused build (exit 1) still names the SARIF file it wrote, and
// the step fails; a build that could not run names nothing; publish names the
// release page (a draft's: the releases).
func TestActionStepOutputs(t *testing.T) {
	t.Parallel()
	// The stub writes the file after --sarif, as build does, unless it exits 3.
	build := "#!/bin/bash\nwhile (($#)); do if [[ $1 == --sarif ]]; then sarif=$2; fi; shift; done\n" +
		"[[ %s == 3 ]] || echo '{\"version\":\"2.1.0\"}' >\"$sarif\"\nexit %s\n"
	env := map[string]string{"CONFIG": "capirepo.yaml", "VERSION": "v1.2.3", "CHECK_IMAGES": "false", "IMAGE_PLATFORMS": "", "SIGN_KEYLESS": "false"}
	for code, want := range map[string]string{
		"0": "findings=$RUNNER_TEMP/capirepo-findings.sarif\ndist=$RUNNER_TEMP/capirepo-dist\nversion=v1.2.3\n",
		"1": "findings=$RUNNER_TEMP/capirepo-findings.sarif\n",
		"3": "",
	} {
		log, got, err := stepOutputs(t, "Build", strings.ReplaceAll(build, "%s", code), env)
		if (err == nil) != (code == "0") || got != want {
			t.Errorf("build exit %s: %v, outputs %q; want %q\n%s", code, err, got, want, log)
		}
	}
	for draft, want := range map[string]string{"false": "https://github.com/org/x/releases/tag/v1.2.3", "true": "https://github.com/org/x/releases"} {
		env := map[string]string{"REPO": "org/x", "DRAFT": draft, "VERSION": "v1.2.3", "NOTES_FILE": "", "GENERATE_NOTES": "false",
			"GITHUB_TOKEN": "t", "GITHUB_SERVER_URL": "https://github.com"}
		if _, got, err := stepOutputs(t, "Publish", "#!/bin/sh\nexit 0\n", env); err != nil || got != "release-url="+want+"\n" {
			t.Errorf("publish (draft %s): %v, outputs %q; want release-url=%s", draft, err, got, want)
		}
	}
}

// TestActionPrintsFindingsOnce: the action runs capirepo build once, with its findings
// as annotations (-o github) and in the SARIF file (--sarif), and never lints the
// build output again (that printed every finding a second time, at paths under
// $RUNNER_TEMP).
func TestActionPrintsFindingsOnce(t *testing.T) {
	t.Parallel()
	var all string
	for _, s := range readAction(t).Runs.Steps {
		all += s.Run
	}
	if strings.Count(all, "capirepo build ") != 1 || !strings.Contains(all, "-o github --sarif") || strings.Contains(all, "capirepo lint") {
		t.Errorf("want one capirepo build -o github --sarif and no capirepo lint in the steps:\n%s", all)
	}
}
