package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// action is the part of action.yml the tests read.
type action struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Steps []struct {
			ID   string            `yaml:"id"`
			Name string            `yaml:"name"`
			Run  string            `yaml:"run"`
			Env  map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

func readAction(t *testing.T) action {
	t.Helper()
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a action
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return a
}

// TestActionRunBlocksTakeNoExpressions: GitHub substitutes ${{ }} into the script text
// before bash reads it, so an input there is code. Inputs must go through env:.
func TestActionRunBlocksTakeNoExpressions(t *testing.T) {
	t.Parallel()
	a := readAction(t)
	ref := regexp.MustCompile(`\$\{\{\s*inputs\.([\w-]+)\s*\}\}`)
	for _, s := range a.Runs.Steps {
		if strings.Contains(s.Run, "${{ inputs.") || ref.MatchString(s.Run) {
			t.Errorf("step %q interpolates an input into its run: script; pass it through env:", s.Name)
		}
		if strings.Contains(s.Run, "${{") {
			t.Errorf("step %q has an expression in its run: script; pass it through env:", s.Name)
		}
		for k, v := range s.Env {
			for _, m := range ref.FindAllStringSubmatch(v, -1) {
				if _, ok := a.Inputs[m[1]]; !ok {
					t.Errorf("step %q env %s names undeclared input %s", s.Name, k, m[1])
				}
			}
		}
	}
	if d := a.Inputs["capirepo-version"].Default; d == "latest" || strings.Contains(d, "latest") {
		t.Errorf("capirepo-version defaults to %q: install a pinned version", d)
	}
}

// step returns the run script of the named step.
func step(t *testing.T, a action, name string) string {
	t.Helper()
	for _, s := range a.Runs.Steps {
		if s.Name == name {
			return s.Run
		}
	}
	t.Fatalf("action.yml has no step %q", name)
	return ""
}

// runScript runs a step's script with bash and only the given variables (plus PATH).
func runScript(t *testing.T, script string, env map[string]string, path string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", "-c", script)
	cmd.Env = []string{"PATH=" + path}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

const injected = `v1";echo${IFS}INJECTED-$(id${IFS}-u);"`

func validInputs() map[string]string {
	return map[string]string{"VERSION": "v1.2.3", "REPO": "org/cluster-api-provider-x", "PUBLISH": "true",
		"DRAFT": "false", "GENERATE_NOTES": "false", "NOTES_FILE": "", "CAPIREPO_VERSION": "", "CHECK_IMAGES": "false", "IMAGE_PLATFORMS": ""}
}

func TestActionValidatesInputs(t *testing.T) {
	t.Parallel()
	script := step(t, readAction(t), "Validate inputs")
	path := os.Getenv("PATH")
	if out, err := runScript(t, script, validInputs(), path); err != nil {
		t.Fatalf("valid inputs refused: %v\n%s", err, out)
	}
	bad := map[string]map[string]string{
		"injected tag":                {"VERSION": injected},
		"version without v":           {"VERSION": "1.2.3"},
		"repo with a shell command":   {"REPO": "org/x;id"},
		"draft not a boolean":         {"DRAFT": "yes"},
		"capirepo-version latest":     {"CAPIREPO_VERSION": "latest"},
		"capirepo-version build":      {"CAPIREPO_VERSION": "v1.2.3+build.1"},
		"notes-file and generated":    {"NOTES_FILE": "notes.md", "GENERATE_NOTES": "true"},
		"capirepo-version injection":  {"CAPIREPO_VERSION": injected},
		"check-images not a boolean":  {"CHECK_IMAGES": "yes"},
		"image-platforms injection":   {"IMAGE_PLATFORMS": injected},
		"sign-keyless not a boolean":  {"SIGN_KEYLESS": "yes"},
		"require-signature injection": {"REQUIRE_SIGNATURE": injected},
		"sign key and keyless":        {"SIGN_KEYLESS": "true", "HAS_SIGN_KEY": "true"},
	}
	for name, change := range bad {
		env := validInputs()
		for k, v := range change {
			env[k] = v
		}
		out, err := runScript(t, script, env, path)
		if err == nil || strings.Contains(out, "INJECTED-") || !strings.Contains(out, "::error") {
			t.Errorf("%s: err %v, output %q; want a refusal that runs nothing", name, err, out)
		}
	}
}

// TestActionPassesInputsAsData: the publish step hands hostile values to capirepo as
// single arguments, never as code.
func TestActionPassesInputsAsData(t *testing.T) {
	t.Parallel()
	script := step(t, readAction(t), "Publish")
	bin := t.TempDir()
	stub := "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done\n"
	writeExecutable(t, filepath.Join(bin, "capirepo"), stub)
	env := map[string]string{"RUNNER_TEMP": "/tmp/runner", "REPO": "org/x", "DRAFT": "true", "VERSION": "v1.2.3",
		"NOTES_FILE": injected, "GENERATE_NOTES": "false", "GITHUB_TOKEN": "t", "GITHUB_OUTPUT": os.DevNull, "GITHUB_SERVER_URL": "https://github.com"}
	out, err := runScript(t, script, env, bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if err != nil {
		t.Fatalf("publish step: %v\n%s", err, out)
	}
	want := "[publish]\n[github]\n[--from]\n[/tmp/runner/capirepo-dist]\n[--repo]\n[org/x]\n[--draft]\n[--notes-file]\n[" + injected + "]\n"
	if out != want {
		t.Errorf("capirepo got\n%s\nwant\n%s", out, want)
	}
}

// TestActionInstallOnly: with install-only the Validate step checks only what the
// install step reads (a branch name as version passes; a bad capirepo-version or
// install-only value does not), and the build and publish steps are skipped by their
// if: conditions, so only the install step runs.
func TestActionInstallOnly(t *testing.T) {
	t.Parallel()
	a := readAction(t)
	script := step(t, a, "Validate inputs")
	path := os.Getenv("PATH")
	env := validInputs()
	env["VERSION"], env["INSTALL_ONLY"] = "main", "true"
	if out, err := runScript(t, script, env, path); err != nil {
		t.Fatalf("install-only with a branch as version refused: %v\n%s", err, out)
	}
	for name, change := range map[string]map[string]string{
		"a bad capirepo-version": {"INSTALL_ONLY": "true", "CAPIREPO_VERSION": "latest"},
		"install-only injection": {"INSTALL_ONLY": injected},
		"without install-only":   {"INSTALL_ONLY": "false", "VERSION": "main"},
	} {
		env := validInputs()
		for k, v := range change {
			env[k] = v
		}
		if out, err := runScript(t, script, env, path); err == nil || strings.Contains(out, "INJECTED-") {
			t.Errorf("%s: accepted\n%s", name, out)
		}
	}
	data, _ := os.ReadFile("../../action.yml")
	var raw struct {
		Runs struct {
			Steps []struct{ Name, If string } `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	for _, s := range raw.Runs.Steps {
		skipped := strings.Contains(s.If, "inputs.install-only != 'true'")
		if want := s.Name == "Build" || s.Name == "Publish"; skipped != want {
			t.Errorf("step %q: if: %q; install-only must skip exactly Build and Publish", s.Name, s.If)
		}
	}
}
