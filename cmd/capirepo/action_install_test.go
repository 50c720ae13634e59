package main

import (
	"bytes"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The install step's script, run with bash against a fake release on loopback
// (action_release_test.go); nothing else is reached.
const installScript = "../../hack/action-install.sh"

const (
	tagObject = "1111111111111111111111111111111111111111" // v1.2.3, an annotated tag
	tagCommit = "2222222222222222222222222222222222222222" // the commit v1.2.3 (and v1) name
	untagged  = "3333333333333333333333333333333333333333" // a commit no tag names
)

// installRun is what one run of the script left: its log, exit, step outputs and
// the folders it added to the job's PATH.
type installRun struct {
	log     string
	err     error
	outputs map[string]string
	path    []string
	bin     string // RUNNER_TEMP/capirepo-bin
}

// toolPath is a folder of links to the commands the script may run, and no others
// (no cosign unless a test adds its own), so a run does not depend on what the
// machine has installed beyond them.
func toolPath(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, tool := range []string{"bash", "curl", "git", "tar", "gzip", "unzip", "sha256sum", "awk", "sed", "mktemp",
		"mkdir", "mv", "chmod", "rm", "cat", "basename", "go", "env", "sh"} {
		if p, err := exec.LookPath(tool); err == nil {
			if err := os.Symlink(p, filepath.Join(dir, tool)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// cosignStub is a cosign that records its arguments in the file it returns, prints
// a workflow command (which must not reach the log as one) and exits with code.
func cosignStub(t *testing.T, bin, code string) string {
	t.Helper()
	args := filepath.Join(t.TempDir(), "cosign-args")
	stub := "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" + args + "'\necho '::warning::from cosign' >&2\nexit " + code + "\n"
	writeExecutable(t, filepath.Join(bin, "cosign"), stub)
	return args
}

// runInstall runs the script as the action does, on a Linux x64 runner with the
// action at ref v1.2.3 of capirepo/capirepo, changed by env.
func runInstall(t *testing.T, srv *httptest.Server, tools string, env map[string]string) installRun {
	t.Helper()
	tmp := t.TempDir()
	vars := map[string]string{
		"PATH": tools, "HOME": t.TempDir(), "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.DevNull,
		"RUNNER_TEMP": tmp, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
		"GITHUB_PATH": filepath.Join(tmp, "github-path"), "GITHUB_OUTPUT": filepath.Join(tmp, "github-output"),
		"GITHUB_SERVER_URL": srv.URL, "ACTION_REPOSITORY": "capirepo/capirepo", "ACTION_REF": "v1.2.3",
		"ACTION_PATH": fakeSource(t), "CAPIREPO_VERSION": "", "REQUIRE_SIGNATURE": "false",
		"GOCACHE": goCache(t), "GOPATH": t.TempDir(), "GOPROXY": "off", "GOENV": "off", "GOTOOLCHAIN": "local", "GOFLAGS": "-mod=mod",
	}
	for k, v := range env {
		vars[k] = v
	}
	cmd := exec.Command("bash", installScript)
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	run := installRun{err: cmd.Run(), outputs: map[string]string{}, bin: filepath.Join(tmp, "capirepo-bin")}
	run.log = log.String()
	out, _ := os.ReadFile(vars["GITHUB_OUTPUT"])
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			run.outputs[k] = v
		}
	}
	if p, err := os.ReadFile(vars["GITHUB_PATH"]); err == nil {
		run.path = strings.Fields(string(p))
	}
	return run
}

// installed checks that run put the binary want (named name) on the job's PATH, from
// from, and that it reports version.
func (run installRun) installed(t *testing.T, name string, want []byte, from, version string) {
	t.Helper()
	if run.err != nil {
		t.Fatalf("install: %v\n%s", run.err, run.log)
	}
	if len(run.path) != 1 || run.path[0] != run.bin {
		t.Errorf("GITHUB_PATH gets %q, want [%s]", run.path, run.bin)
	}
	got, err := os.ReadFile(filepath.Join(run.bin, name))
	if err != nil || want != nil && !bytes.Equal(got, want) {
		t.Errorf("%s on PATH = %q, %v; want the release's binary %q", name, got, err, want)
	}
	if run.outputs["capirepo-version"] != version || run.outputs["capirepo-from"] != from {
		t.Errorf("outputs %v; want capirepo-version %s from %s\n%s", run.outputs, version, from, run.log)
	}
}

// refused checks that run failed with an error annotation containing msg and put
// nothing on the job's PATH.
func (run installRun) refused(t *testing.T, msg string) {
	t.Helper()
	if run.err == nil || !strings.Contains(run.log, "::error") || !strings.Contains(run.log, msg) {
		t.Errorf("install: %v; want a refusal saying %q\n%s", run.err, msg, run.log)
	}
	if entries, _ := os.ReadDir(run.bin); len(run.path) > 0 || len(entries) > 0 || len(run.outputs) > 0 {
		t.Errorf("a refused install left PATH %q, %s holding %d files, outputs %v", run.path, run.bin, len(entries), run.outputs)
	}
}
