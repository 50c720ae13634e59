package main

import (
	"crypto/sha256"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// The GitLab CI template (docs/ci.md): hidden jobs a provider's pipeline extends.
const gitlabTemplate = "../../ci/gitlab/capirepo.gitlab-ci.yml"

type gitlabJob struct {
	Variables    map[string]string `yaml:"variables"`
	BeforeScript []string          `yaml:"before_script"`
	Image        struct {
		Name       string   `yaml:"name"`
		Entrypoint []string `yaml:"entrypoint"`
	} `yaml:"image"`
}

func readGitLabTemplate(t *testing.T) map[string]gitlabJob {
	t.Helper()
	data, err := os.ReadFile(gitlabTemplate)
	if err != nil {
		t.Fatal(err)
	}
	jobs := map[string]gitlabJob{}
	if err := yaml.Unmarshal(data, &jobs); err != nil {
		t.Fatalf("%s: %v", gitlabTemplate, err)
	}
	if strings.Contains(string(data), "go install") {
		t.Errorf("%s runs go install: a job installs the prebuilt release binary or uses the image", gitlabTemplate)
	}
	return jobs
}

// TestGitLabTemplateParses: the template holds the two hidden jobs, the install one
// requiring a version and a pinned sha256, the image one overriding the entrypoint.
func TestGitLabTemplateParses(t *testing.T) {
	t.Parallel()
	jobs := readGitLabTemplate(t)
	install, image := jobs[".capirepo"], jobs[".capirepo-image"]
	if _, ok := install.Variables["CAPIREPO_SHA256"]; !ok || len(install.BeforeScript) != 2 {
		t.Errorf(".capirepo: variables %v, %d before_script lines; want CAPIREPO_SHA256 and install + PATH", install.Variables, len(install.BeforeScript))
	}
	if image.Image.Name != "$CAPIREPO_IMAGE" || len(image.Image.Entrypoint) != 1 || image.Image.Entrypoint[0] != "" {
		t.Errorf(".capirepo-image: image %+v", image.Image)
	}
}

// gitlabPlatform is the release platform of this machine, as the template names it.
func gitlabPlatform() string { return runtime.GOOS + "_" + runtime.GOARCH }

// runGitLabInstall runs the template's before_script (install, then PATH) and
// `capirepo version` as a job would, against the fake release; it returns the log,
// the error and the install folder.
func runGitLabInstall(t *testing.T, srv *httptest.Server, env map[string]string) (string, error, string) {
	t.Helper()
	job := readGitLabTemplate(t)[".capirepo"]
	tools := toolPath(t)
	for _, tool := range []string{"uname", "wget", "shasum"} {
		if p, err := exec.LookPath(tool); err == nil {
			_ = os.Symlink(p, filepath.Join(tools, tool))
		}
	}
	home := t.TempDir()
	cmd := exec.Command("bash", "-ec", strings.Join(job.BeforeScript, "\n")+"\ncapirepo version\n")
	cmd.Env = []string{"PATH=" + tools, "HOME=" + home, "TMPDIR=" + t.TempDir(), "CAPIREPO_SERVER_URL=" + srv.URL, "CAPIREPO_VERSION=v1.2.3"}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err, filepath.Join(home, ".capirepo", "bin")
}

func sumOf(f *fakeRelease, tag, name string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fmt.Sprintf("%x", sha256.Sum256(f.files["/capirepo/capirepo/releases/download/"+tag+"/"+name]))
}

// TestGitLabTemplateInstallsThePinnedBinary: the pinned release binary is installed
// and on PATH for the job's script; a release asset replaced later (with a
// checksums.txt to match), a download that differs from checksums.txt, and a missing
// pin are refused, leaving no binary.
func TestGitLabTemplateInstallsThePinnedBinary(t *testing.T) {
	t.Parallel()
	asset := "capirepo_1.2.3_" + gitlabPlatform() + ".tar.gz"
	f, srv := newFakeRelease(t)
	f.release(t, "v1.2.3", gitlabPlatform())
	pin := sumOf(f, "v1.2.3", asset)
	log, err, bin := runGitLabInstall(t, srv, map[string]string{"CAPIREPO_SHA256": pin})
	if got, _ := os.ReadFile(filepath.Join(bin, "capirepo")); err != nil || string(got) != string(fakeBinary("v1.2.3")) || !strings.HasSuffix(log, "v1.2.3\n") {
		t.Fatalf("pinned install: %v, binary %q\n%s", err, got, log)
	}
	for name, c := range map[string]struct {
		change func(f *fakeRelease)
		pin    string
		want   string
	}{
		"replaced asset and checksums": {func(f *fakeRelease) { replaceAsset(t, f, asset, true) }, pin, "refusing a replaced release asset"},
		"altered download":             {func(f *fakeRelease) { replaceAsset(t, f, asset, false) }, pin, "refusing it (a replaced or corrupted download)"},
		"no pin":                       {func(*fakeRelease) {}, "", "set CAPIREPO_SHA256"},
		"a pin that is no sha256":      {func(*fakeRelease) {}, "$(id)", "set CAPIREPO_SHA256"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, srv := newFakeRelease(t)
			f.release(t, "v1.2.3", gitlabPlatform())
			c.change(f)
			log, err, bin := runGitLabInstall(t, srv, map[string]string{"CAPIREPO_SHA256": c.pin})
			entries, _ := os.ReadDir(bin)
			if err == nil || !strings.Contains(log, c.want) || len(entries) > 0 || strings.Contains(log, "evil") {
				t.Errorf("install: %v, %d files installed; want a refusal saying %q\n%s", err, len(entries), c.want, log)
			}
		})
	}
}

// replaceAsset swaps the release's archive for one holding another binary, and with
// sums its checksums.txt line too (an attacker who can replace release assets).
func replaceAsset(t *testing.T, f *fakeRelease, asset string, sums bool) {
	t.Helper()
	data := tarGz(t, "capirepo", []byte("#!/bin/sh\necho evil\n"))
	f.put("v1.2.3", asset, data)
	if sums {
		f.put("v1.2.3", "checksums.txt", fmt.Appendf(nil, "%x  %s\n", sha256.Sum256(data), asset))
	}
}
