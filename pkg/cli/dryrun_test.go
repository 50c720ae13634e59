package cli

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegitlab"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// treeState is every entry under root: path -> mode and content hash ("missing" when
// root does not exist).
func treeState(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if os.IsNotExist(err) && p == root {
			out[""] = "missing"
			return filepath.SkipAll
		}
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out[rel] = fi.Mode().String()
		if fi.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] += fmt.Sprintf(" %x", sha256.Sum256(data))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// unchanged fails when a tree differs from its earlier state.
func unchanged(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	if !maps.Equal(before, after) {
		t.Errorf("the dry run changed %s:\nbefore %v\nafter  %v", what, before, after)
	}
}

// writes records every request to a registry that is not a read (GET, HEAD).
func writes(reg *registry.Server) func() []string {
	var mu sync.Mutex
	var seen []string
	reg.AddFault(&registry.Fault{Match: func(r *http.Request) bool {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			mu.Lock()
			seen = append(seen, r.Method+" "+r.URL.Path)
			mu.Unlock()
		}
		return false
	}})
	return func() []string { mu.Lock(); defer mu.Unlock(); return slices.Clone(seen) }
}

// dryRun runs a writer with --dry-run and checks it ends as the same run without
// it would (wantCode) and that no folder of dirs changed.
func dryRun(t *testing.T, env map[string]string, wantCode int, dirs []string, args ...string) string {
	t.Helper()
	before := map[string]map[string]string{}
	for _, d := range dirs {
		before[d] = treeState(t, d)
	}
	code, stdout, stderr := runEnv(t, env, append(args, "--dry-run")...)
	if code != wantCode {
		t.Fatalf("%v --dry-run: exit %d, want %d\n%s\n%s", args, code, wantCode, stdout, stderr)
	}
	for _, d := range dirs {
		unchanged(t, d, before[d], treeState(t, d))
	}
	return stdout
}

// realRun runs the same writer without --dry-run: it must end with the dry run's code.
func realRun(t *testing.T, env map[string]string, wantCode int, args ...string) {
	t.Helper()
	if code, stdout, stderr := runEnv(t, env, args...); code != wantCode {
		t.Fatalf("%v: exit %d, want the dry run's %d\n%s\n%s", args, code, wantCode, stdout, stderr)
	}
}

// glWrites lists the requests to the fake GitLab that change it.
func glWrites(gl *fakegitlab.Server) []string {
	var out []string
	for _, r := range gl.Requests() {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			out = append(out, r.Method+" "+r.Path)
		}
	}
	return out
}

// TestDryRunWritesNothing: every writer's --dry-run leaves every folder it reads or
// would write as it was, changes nothing on the fake forges and registries (no
// request but reads), and ends with the exit code of the same run without it.
func TestDryRunWritesNothing(t *testing.T) {
	t.Parallel()
	for name, run := range dryRunScenarios() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			run(t)
		})
	}
}

func dryRunScenarios() map[string]func(t *testing.T) {
	return map[string]func(t *testing.T){
		"build": func(t *testing.T) {
			dir := sampleTree(t, nil)
			args := []string{"build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--published=", "--out", filepath.Join(dir, "dist")}
			dryRun(t, nil, ExitOK, []string{dir}, args...)
			realRun(t, nil, ExitOK, args...)
		},
		"build refused": func(t *testing.T) {
			dir := sampleTree(t, badImage)
			args := []string{"build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--published=", "--out", filepath.Join(dir, "dist")}
			dryRun(t, nil, ExitFindings, []string{dir}, args...)
			realRun(t, nil, ExitFindings, args...)
		},
		"build into a folder build did not write": func(t *testing.T) {
			dir := sampleTree(t, nil)
			writeText(t, filepath.Join(dir, "dist", "mine.txt"), "not build's\n")
			args := []string{"build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--published=", "--out", filepath.Join(dir, "dist")}
			dryRun(t, nil, ExitPublish, []string{dir}, args...)
			realRun(t, nil, ExitPublish, args...)
		},
		"publish local":      func(t *testing.T) { dryRunFolder(t, "local") },
		"publish configmaps": func(t *testing.T) { dryRunFolder(t, "configmaps") },
		"publish github":     dryRunGitHub,
		"publish gitlab":     dryRunGitLab,
		"publish oci": func(t *testing.T) {
			reg := registry.New(t)
			dist := builtTiny(t)
			seen := writes(reg)
			args := []string{"publish", "oci", "--from", dist, "--to", reg.Host + "/capi", "--plain-http"}
			dryRun(t, ociEnv(t), ExitOK, []string{dist}, args...)
			if w := seen(); len(w) > 0 {
				t.Errorf("the dry run wrote to the registry: %v", w)
			}
			realRun(t, ociEnv(t), ExitOK, args...)
		},
		"mirror": func(t *testing.T) {
			repo := tinyRepo(t, "v1.0.0")
			tmp := t.TempDir()
			args := []string{"mirror", "--out", filepath.Join(tmp, "mirror"), "--configmaps", filepath.Join(tmp, "cms"),
				"--from-config", tinyFromConfig(t, repo), "--cert-manager", ""}
			dryRun(t, nil, ExitOK, []string{tmp, repo}, args...)
			realRun(t, nil, ExitOK, args...)
		},
		"mirror relink": func(t *testing.T) {
			moved := movedMirror(t)
			dryRun(t, nil, ExitOK, []string{moved}, "mirror", "relink", moved)
			realRun(t, nil, ExitOK, "mirror", "relink", moved)
		},
		"images copy": dryRunImagesCopy,
		"images push": dryRunImagesPush,
		"metadata add-series": func(t *testing.T) {
			dir := sampleTree(t, nil)
			args := []string{"metadata", "add-series", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.1.0", "--contract", "v1beta1"}
			out := dryRun(t, nil, ExitOK, []string{dir}, args...)
			want(t, ExitOK, ExitOK, out, "", "would add the series of v1.1.0")
			realRun(t, nil, ExitOK, args...)
		},
		"init": func(t *testing.T) {
			dir := initTree(t)
			dryRun(t, nil, ExitQuestions, []string{dir}, "init", dir) // offline: init asks about what only its scripts say
			realRun(t, nil, ExitQuestions, "init", dir)
			dryRun(t, nil, ExitConflict, []string{dir}, "init", dir) // the config exists now: refused as init refuses
		},
	}
}

// dryRunFolder: publish local or configmaps into a new folder, then a conflicting
// build into the published one (exit 5 both ways).
func dryRunFolder(t *testing.T, dest string) {
	dist := builtTiny(t)
	to := filepath.Join(t.TempDir(), "out")
	args := []string{"publish", dest, "--from", dist, "--to", to}
	dryRun(t, nil, ExitOK, []string{to, dist}, args...)
	realRun(t, nil, ExitOK, args...)
	other := []string{"publish", dest, "--from", buildTinyWith(t, newImage), "--to", to}
	dryRun(t, nil, ExitConflict, []string{to}, other...)
	realRun(t, nil, ExitConflict, other...)
	dryRun(t, nil, ExitOK, []string{to}, append(other, "--replace")...)
}

func dryRunGitHub(t *testing.T) {
	gh := newGitHub(t)
	env := tokenEnv("GITHUB_TOKEN", ghSecret)
	args := []string{"publish", "github", "--from", builtTiny(t), "--repo", ghRepo, "--github-url", gh.URL()}
	dryRun(t, env, ExitOK, nil, args...)
	for _, r := range gh.Log() {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			t.Errorf("the dry run changed the forge: %s %s", r.Method, r.Path)
		}
	}
	if rels, tags := gh.Releases(ghOwner, ghName), gh.Tags(ghOwner, ghName); len(rels) != 0 || len(tags) != 0 {
		t.Errorf("the dry run left releases %v, tags %v", rels, tags)
	}
	realRun(t, env, ExitOK, args...)
}

func dryRunGitLab(t *testing.T) {
	gl := newGitLab(t)
	args := []string{"publish", "gitlab", "--from", builtTiny(t), "--gitlab-url", gl.URL, "--project", glProject}
	dryRun(t, glEnv, ExitOK, nil, args...)
	if w := glWrites(gl); len(w) > 0 || len(gl.Versions(glProject, glPackage)) > 0 {
		t.Errorf("the dry run changed the forge: %v, versions %v", w, gl.Versions(glProject, glPackage))
	}
	realRun(t, glEnv, ExitOK, args...)
}

func dryRunImagesCopy(t *testing.T) {
	src, dst := registry.New(t), registry.New(t)
	dist := tinyWithImage(t, seededImage(t, src))
	seen := writes(dst)
	layout := filepath.Join(t.TempDir(), "layout")
	for _, to := range [][]string{{"--to", dst.Host + "/mirror"}, {"--layout", layout}} {
		args := append([]string{"images", "copy", dist, "--plain-http"}, to...)
		out := dryRun(t, ociEnv(t), ExitOK, []string{dist, filepath.Dir(layout)}, args...)
		want(t, ExitOK, ExitOK, out, "", "planned "+src.Host+"/team/tiny:v1")
	}
	if w := seen(); len(w) > 0 {
		t.Errorf("the dry run wrote to the registry: %v", w)
	}
	realRun(t, ociEnv(t), ExitOK, "images", "copy", dist, "--plain-http", "--to", dst.Host+"/mirror")
	out := dryRun(t, ociEnv(t), ExitOK, []string{dist}, "images", "copy", dist, "--plain-http", "--to", dst.Host+"/mirror")
	want(t, ExitOK, ExitOK, out, "", "present "+src.Host+"/team/tiny:v1")
}

func dryRunImagesPush(t *testing.T) {
	dst := registry.New(t)
	layout := layoutWith(t)
	seen := writes(dst)
	args := []string{"images", "push", layout, "--to", dst.Host + "/mirror", "--plain-http"}
	dryRun(t, ociEnv(t), ExitOK, []string{layout}, args...)
	if w := seen(); len(w) > 0 {
		t.Errorf("the dry run wrote to the registry: %v", w)
	}
	realRun(t, ociEnv(t), ExitOK, args...)
}
