package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/lint"
	yaml "go.yaml.in/yaml/v3"
)

// rawSteps is what action.yml says of each step beyond its script.
func rawSteps(t *testing.T) []struct{ Name, If, WorkingDirectory string } {
	t.Helper()
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Runs struct {
			Steps []struct {
				Name, If         string
				WorkingDirectory string `yaml:"working-directory"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	out := []struct{ Name, If, WorkingDirectory string }{}
	for _, s := range raw.Runs.Steps {
		out = append(out, struct{ Name, If, WorkingDirectory string }{s.Name, s.If, s.WorkingDirectory})
	}
	return out
}

// TestActionSummaryListsEveryFinding: the job summary is a table with one row per
// finding of the SARIF file build wrote (more than GitHub's 10 annotations), a
// hostile message escaped so it stays in its cell, and the verdict and counts.
func TestActionSummaryListsEveryFinding(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("jq"); err != nil {
		t.Skip("jq (on every GitHub-hosted runner) is not installed")
	}
	var fs lint.Findings
	for i := range 12 {
		fs = append(fs, lint.Finding{Rule: fmt.Sprintf("rule-%d", i), Severity: lint.Warning, File: "config/x.yaml", Line: i + 1, Message: fmt.Sprintf("finding %d", i)})
	}
	fs = append(fs, lint.Finding{Rule: "hostile", Severity: lint.Error, File: "a.yaml", Message: "a | b\n| c |<img src=x>"})
	dir := t.TempDir()
	sarif, summary := filepath.Join(dir, "f.sarif"), filepath.Join(dir, "summary.md")
	if err := lint.WriteFile(sarif, "sarif", fs, lint.Options{}); err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("../..")
	env := map[string]string{"FINDINGS": sarif, "VERSION": "v1.2.3", "OUTCOME": "failure", "ACTION_PATH": root, "GITHUB_STEP_SUMMARY": summary}
	if out, err := runScript(t, step(t, readAction(t), "Job summary"), env, os.Getenv("PATH")); err != nil {
		t.Fatalf("summary step: %v\n%s", err, out)
	}
	data, _ := os.ReadFile(summary)
	got := string(data)
	if !strings.HasPrefix(got, "### capirepo build v1.2.3: refused, 1 error(s), 12 warning(s), 0 note(s)\n") {
		t.Errorf("summary heading:\n%s", got)
	}
	for i := range 12 {
		if row := fmt.Sprintf("| warning | rule-%d | config/x.yaml:%d | finding %d |\n", i, i+1, i); !strings.Contains(got, row) {
			t.Errorf("summary lacks %q", row)
		}
	}
	cells := regexp.MustCompile(`(^|[^\\])\|`)
	for _, l := range strings.Split(strings.TrimSpace(got), "\n")[2:] {
		if n := len(cells.FindAllString(l, -1)); n != 5 {
			t.Errorf("row %q has %d cell borders, want 5", l, n)
		}
	}
	if strings.Contains(got, "<img") || strings.Count(got, "\n| ") != 14 {
		t.Errorf("want 14 table lines and no raw HTML:\n%s", got)
	}
}

// TestActionSummaryRunsAfterARefusedBuild: the summary step runs whenever build wrote
// findings (always(): a refused build fails its step), and only then (install-only
// runs no build).
func TestActionSummaryRunsAfterARefusedBuild(t *testing.T) {
	t.Parallel()
	found := false
	for _, s := range rawSteps(t) {
		if s.Name == "Job summary" {
			found = true
			if !strings.Contains(s.If, "always()") || !strings.Contains(s.If, "steps.build.outputs.findings != ''") {
				t.Errorf("summary if: %q", s.If)
			}
		}
	}
	if !found {
		t.Error("action.yml has no Job summary step")
	}
}

// TestActionArgs: args reach capirepo build after the action's own, one argument per
// word, with quotes, $( ) and globs kept as data.
func TestActionArgs(t *testing.T) {
	t.Parallel()
	stub := "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done\n"
	env := map[string]string{"CONFIG": "capirepo.yaml", "VERSION": "v1.2.3", "CHECK_IMAGES": "false", "IMAGE_PLATFORMS": "", "SIGN_KEYLESS": "false",
		"ARGS": "--offline  --disable\tx\n'$(id)' * " + injected}
	log, _, err := stepOutputs(t, "Build", stub, env)
	if err != nil {
		t.Fatalf("build step: %v\n%s", err, log)
	}
	want := "[--version]\n[v1.2.3]\n[--out]\n[$RUNNER_TEMP/capirepo-dist]\n[--offline]\n[--disable]\n[x]\n['$(id)']\n[*]\n[" + injected + "]\n"
	got := regexp.MustCompile(`/tmp/\S*?/capirepo-dist`).ReplaceAllString(log, "$$RUNNER_TEMP/capirepo-dist")
	if !strings.HasSuffix(got, want) || regexp.MustCompile(`INJECTED-[0-9]`).MatchString(got) {
		t.Errorf("capirepo got\n%q\nwant it to end with\n%q", got, want)
	}
}

// TestActionWorkingDirectory: build and publish run in the working-directory input,
// which Validate keeps inside the workspace.
func TestActionWorkingDirectory(t *testing.T) {
	t.Parallel()
	for _, s := range rawSteps(t) {
		want := ""
		if s.Name == "Build" || s.Name == "Publish" {
			want = "${{ inputs.working-directory }}"
		}
		if s.WorkingDirectory != want {
			t.Errorf("step %q: working-directory %q, want %q", s.Name, s.WorkingDirectory, want)
		}
	}
	script := step(t, readAction(t), "Validate inputs")
	for dir, ok := range map[string]bool{".": true, "providers/aws": true, "": true, "/etc": false, "../x": false, "a/../../b": false, "..": false} {
		env := validInputs()
		env["WORKING_DIRECTORY"] = dir
		if out, err := runScript(t, script, env, os.Getenv("PATH")); (err == nil) != ok {
			t.Errorf("working-directory %q: %v (want accepted %v)\n%s", dir, err, ok, out)
		}
	}
}
