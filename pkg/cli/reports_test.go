package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/images"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// report is one command's -o json run: its exit code and stdout.
type report struct {
	code   int
	stdout string
}

// reportScenarios are the JSON reports of every command that reports, each in a
// scenario of its own: name (the golden file) -> the run and the exit code it must end with.
func reportScenarios() map[string]func(t *testing.T) (report, int) {
	return map[string]func(t *testing.T) (report, int){
		"version": func(t *testing.T) (report, int) {
			bi := &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "v9.8.7"}}
			code, out, _ := runBuilt(t, bi, nil, "version", "-o", "json")
			return report{code, withoutPlatform(t, out)}, ExitOK
		},
		"lint":           func(t *testing.T) (report, int) { return jsonRun(t, nil, "lint", "-o", "json", builtTiny(t)), ExitOK },
		"vars":           func(t *testing.T) (report, int) { return jsonRun(t, nil, "vars", "-o", "json", builtTiny(t)), ExitOK },
		"verify":         func(t *testing.T) (report, int) { return jsonRun(t, nil, "verify", "-o", "json", builtTiny(t)), ExitOK },
		"build":          func(t *testing.T) (report, int) { return buildReportRun(t, nil), ExitOK },
		"build-dry-run":  func(t *testing.T) (report, int) { return buildReportRun(t, nil, "--dry-run"), ExitOK },
		"build-refused":  func(t *testing.T) (report, int) { return buildReportRun(t, badImage), ExitFindings },
		"metadata-check": metadataCheckJSON,
		"metadata-add-series": func(t *testing.T) (report, int) {
			cfg := filepath.Join(sampleTree(t, nil), "capirepo.yaml")
			return jsonRun(t, nil, "metadata", "add-series", "-o", "json", "--config", cfg, "--version", "v1.1.0", "--contract", "v1beta1"), ExitOK
		},
		"diff": func(t *testing.T) (report, int) {
			return jsonRun(t, nil, "diff", "-o", "json", builtTiny(t), buildTinyWith(t, newImage)), ExitFindings
		},
		"publish-local": func(t *testing.T) (report, int) {
			return jsonRun(t, nil, "publish", "local", "-o", "json", "--from", builtTiny(t), "--to", filepath.Join(t.TempDir(), "repo")), ExitOK
		},
		"publish-configmaps": func(t *testing.T) (report, int) {
			return jsonRun(t, nil, "publish", "configmaps", "-o", "json", "--from", builtTiny(t), "--to", filepath.Join(t.TempDir(), "cms")), ExitOK
		},
		"publish-github": func(t *testing.T) (report, int) {
			gh := newGitHub(t)
			return jsonRun(t, tokenEnv("GITHUB_TOKEN", ghSecret), "publish", "github", "-o", "json", "--from", builtTiny(t), "--repo", ghRepo, "--github-url", gh.URL()), ExitOK
		},
		"publish-gitlab": func(t *testing.T) (report, int) {
			gl := newGitLab(t)
			return jsonRun(t, glEnv, "publish", "gitlab", "-o", "json", "--from", builtTiny(t), "--gitlab-url", gl.URL, "--project", glProject), ExitOK
		},
		"publish-oci": func(t *testing.T) (report, int) {
			reg := registry.New(t)
			return jsonRun(t, ociEnv(t), "publish", "oci", "-o", "json", "--from", builtTiny(t), "--to", reg.Host+"/capi", "--plain-http"), ExitOK
		},
		"mirror": func(t *testing.T) (report, int) {
			repo := tinyRepo(t, "v1.0.0")
			return jsonRun(t, nil, "mirror", "-o", "json", "--out", filepath.Join(t.TempDir(), "mirror"), "--from-config", tinyFromConfig(t, repo), "--cert-manager", ""), ExitOK
		},
		"mirror-relink": func(t *testing.T) (report, int) {
			return jsonRun(t, nil, "mirror", "relink", "-o", "json", movedMirror(t)), ExitOK
		},
		"images-check": imagesCheckJSON,
		"images-copy":  imagesCopyJSON,
		"images-push": func(t *testing.T) (report, int) {
			src, dst := registry.New(t), registry.New(t)
			layout := filepath.Join(t.TempDir(), "layout")
			c := &images.Copier{Remote: regclient.Remote{PlainHTTP: true}}
			if _, err := c.ToLayout(context.Background(), []string{seededImage(t, src)}, layout); err != nil {
				t.Fatal(err)
			}
			return jsonRun(t, ociEnv(t), "images", "push", "-o", "json", layout, "--to", dst.Host+"/mirror", "--plain-http"), ExitOK
		},
		"init": func(t *testing.T) (report, int) {
			return jsonRun(t, nil, "init", "-o", "json", initTree(t)), ExitQuestions
		},
		"init-check": func(t *testing.T) (report, int) {
			files := checkTree()
			against := filepath.Join(t.TempDir(), "rel")
			writeText(t, filepath.Join(against, "metadata.yaml"), files["metadata.yaml"])
			return jsonRun(t, nil, "init", "--check", "-o", "json", "--check-against", against, gitCheckout(t, files)), ExitFindings
		},
	}
}

// TestJSONReports: the -o json report of every command that reports equals its
// golden file under testdata/golden (temporary folders and server ports aside), and
// the command ends with its exit code.
func TestJSONReports(t *testing.T) {
	t.Parallel()
	for name, run := range reportScenarios() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, code := run(t)
			if got.code != code {
				t.Fatalf("exit %d, want %d:\n%s", got.code, code, got.stdout)
			}
			golden(t, name, got.stdout)
		})
	}
}

func jsonRun(t *testing.T, env map[string]string, args ...string) report {
	t.Helper()
	code, stdout, stderr := runEnv(t, env, args...)
	if !json.Valid([]byte(stdout)) {
		t.Fatalf("%v: exit %d, stdout is not JSON:\n%s\n%s", args, code, stdout, stderr)
	}
	return report{code, stdout}
}

func buildReportRun(t *testing.T, edit func(map[string]string), extra ...string) report {
	dir := sampleTree(t, edit)
	args := append([]string{"build", "-o", "json", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--published=", "--out", filepath.Join(dir, "dist")}, extra...)
	return jsonRun(t, nil, args...)
}

func metadataCheckJSON(t *testing.T) (report, int) {
	cfg := filepath.Join(sampleTree(t, nil), "capirepo.yaml")
	return jsonRun(t, nil, "metadata", "check", "-o", "json", "--config", cfg, "--version", "v1.1.0", "--published="), ExitFindings
}

func imagesCheckJSON(t *testing.T) (report, int) {
	return jsonRun(t, ociEnv(t), "images", "check", "-o", "json", tinyWithImage(t, seededImage(t, registry.New(t))), "--plain-http"), ExitOK
}

func imagesCopyJSON(t *testing.T) (report, int) {
	dst := registry.New(t)
	dist := tinyWithImage(t, seededImage(t, registry.New(t)))
	return jsonRun(t, ociEnv(t), "images", "copy", "-o", "json", dist, "--to", dst.Host+"/mirror", "--plain-http"), ExitOK
}

// seededImage pushes an image whose bytes, and so digests, are the same on every run.
func seededImage(t *testing.T, reg *registry.Server) string {
	reg.PushRawImage(t, "team/tiny:v1", 1, 64, 7)
	return reg.Host + "/team/tiny:v1"
}

// tinyWithImage builds the tiny provider naming image.
func tinyWithImage(t *testing.T, image string) string {
	return buildTinyWith(t, func(f map[string]string) {
		f["config/all.yaml"] = strings.Replace(f["config/all.yaml"], "registry.example.com/tiny:v1", image, 1)
	})
}

// withoutPlatform replaces the platform of a version report, which is the machine's.
func withoutPlatform(t *testing.T, out string) string {
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	v["platform"] = "OS/ARCH"
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b)) + "\n"
}

// movedMirror is a mirror of the tiny provider, moved to another folder.
func movedMirror(t *testing.T) string {
	tmp := t.TempDir()
	mir := filepath.Join(tmp, "mirror")
	if code, _, stderr := runEnv(t, nil, "mirror", "--out", mir, "--from-config", tinyFromConfig(t, tinyRepo(t, "v1.0.0")), "--cert-manager", ""); code != ExitOK {
		t.Fatalf("mirror: %s", stderr)
	}
	moved := filepath.Join(tmp, "moved")
	if err := os.Rename(mir, moved); err != nil {
		t.Fatal(err)
	}
	return moved
}
