package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// candidatesTree is checkTree with two overlays of config in deploy/ (one adding what the
// manager needs to run, as the release builds it) and two flavor folders; the
// Makefile names only config and no template, so nothing but the release says which
// folders it ships.
func candidatesTree() map[string]string {
	f := checkTree()
	env := func(name string) string {
		return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: tiny\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        env:\n        - {name: " + name + ", value: \"1\"}\n"
	}
	for _, o := range []string{"dev", "release"} {
		f["deploy/"+o+"/kustomization.yaml"] = "resources:\n- ../../config\npatches:\n- path: env.yaml\n"
		f["deploy/"+o+"/env.yaml"] = env(strings.ToUpper(o) + "_MODE")
	}
	for _, fl := range []string{"small", "large"} {
		f["templates/"+fl+"/kustomization.yaml"] = "resources:\n- cluster.yaml\n"
		f["templates/"+fl+"/cluster.yaml"] = "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n  labels: {size: " + fl + "}\n"
	}
	return f
}

// releaseConfig is what the tiny provider's release really builds: config/release,
// pushed to ghcr.io, the large flavor as the default template.
const releaseConfig = `providers:
- name: tiny
  type: BootstrapProvider
  components:
    kustomize: deploy/release
    images:
    - {name: registry.example.com/tiny, newName: ghcr.io/acme/tiny-controller, tagFromVersion: true}
  metadata: metadata.yaml
  templates:
  - {flavor: "", kustomize: templates/large}
`

// publishTiny builds the release config from files as v1.0.0 and publishes its files,
// with extra assets, on the fake forge.
func publishTiny(t *testing.T, gh *fakegithub.Server, files map[string]string, extra ...fakegithub.Asset) {
	t.Helper()
	dir := tree.Write(t, files)
	writeText(t, filepath.Join(dir, "capirepo.yaml"), releaseConfig)
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runEnv(t, nil, "build", "--version", "v1.0.0", "--published", "", "--config", filepath.Join(dir, "capirepo.yaml"), "--out", out); code != ExitOK {
		t.Fatalf("build: %s", stderr)
	}
	built := filepath.Join(out, "bootstrap-tiny", "v1.0.0")
	entries, err := os.ReadDir(built)
	if err != nil {
		t.Fatal(err)
	}
	assets := extra
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(built, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		assets = append(assets, fakegithub.Asset{Name: e.Name(), Data: data})
	}
	gh.AddRelease(ghOwner, ghName, fakegithub.Release{Tag: "v1.0.0", Assets: assets})
}

// TestInitProvesFromTheRelease: with the tag's release on the fake forge, init builds
// every candidate folder of the tag's tree and keeps the ones that reproduce the
// released files: deploy/release (not config, which the Makefile names, nor
// deploy/dev), the release's image, templates/large as the default template (not
// templates/small); nothing is asked (exit 0), and init --check finds the build equal.
func TestInitProvesFromTheRelease(t *testing.T) {
	t.Parallel()
	files := candidatesTree()
	gh := newGitHub(t)
	publishTiny(t, gh, files)
	dir := gitCheckout(t, files)
	code, stdout, stderr := runEnv(t, nil, "init", "--stdout", dir, "--github-url", gh.URL())
	want(t, code, ExitOK, stdout, stderr, "kustomize: deploy/release # it reproduces bootstrap-components.yaml of v1.0.0",
		"newName: ghcr.io/acme/tiny-controller # bootstrap-components.yaml of the release v1.0.0", `- {flavor: "", kustomize: templates/large} # reproduces cluster-template.yaml`,
		`# - {flavor: "small", kustomize: templates/small} # not in v1.0.0`, "# proven against the release v1.0.0")
	code, stdout, stderr = runEnv(t, nil, "init", "--check", dir, "--github-url", gh.URL())
	want(t, code, ExitOK, stdout, stderr, "equal: the build of v1.0.0 with the proposed capirepo.yaml is what its release ships")
	untouched(t, dir)
}

// TestInitAsksAboutAReleasedFileNothingReproduces: a template the release ships that
// no folder or file of the tree builds (a generator made it) is a question naming it
// (exit 10); offline (no forge answers), init says nothing was checked.
func TestInitAsksAboutAReleasedFileNothingReproduces(t *testing.T) {
	t.Parallel()
	files := candidatesTree()
	gh := newGitHub(t)
	generated := "apiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER_NAME}\n  labels: {made-by: flavorgen}\n"
	publishTiny(t, gh, files, fakegithub.Asset{Name: "cluster-template-generated.yaml", Data: []byte(generated)})
	dir := gitCheckout(t, files)
	code, stdout, stderr := runEnv(t, nil, "init", "--stdout", dir, "--github-url", gh.URL())
	want(t, code, ExitQuestions, stdout, stderr, "question: line ", "bootstrap-tiny templates: the release v1.0.0",
		"ships cluster-template-generated.yaml, which nothing in the tree reproduces (tried ")
	if strings.Count(stderr, "question: ") != 1 {
		t.Errorf("init asks more than about the generated template:\n%s", stderr)
	}
	code, stdout, stderr = runEnv(t, nil, "init", "--stdout", tree.Write(t, files))
	want(t, code, ExitQuestions, stdout, stderr, "# no release was read (the folder is not in a git checkout and no --check-against names the release): nothing was checked")
}

// TestInitAsksWhenTheSeriesMissTheNewestTag: v1.1.0 is tagged and metadata.yaml holds
// only 1.0: init asks about metadata (the forge has no release: nothing was checked).
func TestInitAsksWhenTheSeriesMissTheNewestTag(t *testing.T) {
	t.Parallel()
	dir := gitCheckout(t, checkTree())
	gitIn(t, dir, "tag", "v1.1.0")
	code, stdout, stderr := runEnv(t, nil, "init", "--stdout", dir, "--github-url", newGitHub(t).URL())
	want(t, code, ExitQuestions, stdout, stderr, "bootstrap-tiny metadata: the checkout's newest release tag is v1.1.0, and metadata.yaml has no 1.1 series", "# no release was read (reading ")
}
