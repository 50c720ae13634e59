package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/initcheck"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// checkTree is a provider whose Makefile names its release image
// (PROD_REGISTRY/IMAGE_NAME), as init reads it.
func checkTree() map[string]string {
	return map[string]string{
		"Makefile": "PROD_REGISTRY ?= registry.example.com/acme\nIMAGE_NAME ?= tiny-controller\nRELEASE_DIR := out\n\n" +
			"release-manifests:\n\tkustomize build config > $(RELEASE_DIR)/bootstrap-components.yaml\n\tcp metadata.yaml $(RELEASE_DIR)/metadata.yaml\n",
		"metadata.yaml":             "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n",
		"config/kustomization.yaml": "namespace: tiny-system\nlabels:\n- pairs: {cluster.x-k8s.io/provider: bootstrap-tiny}\nresources: [all.yaml, crd.yaml]\n",
		"config/all.yaml": "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: tiny-system\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: tiny\nspec:\n" +
			"  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec:\n      containers:\n      - name: manager\n        image: registry.example.com/tiny:v1\n",
		"config/crd.yaml": "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: tinyconfigs.bootstrap.cluster.x-k8s.io\n  labels:\n    cluster.x-k8s.io/v1beta1: v1beta1\n" +
			"spec:\n  group: bootstrap.cluster.x-k8s.io\n  names: {kind: TinyConfig, listKind: TinyConfigList, plural: tinyconfigs, singular: tinyconfig}\n  scope: Namespaced\n" +
			"  versions:\n  - name: v1beta1\n    served: true\n    storage: true\n    subresources: {status: {}}\n    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}\n",
	}
}

// gitCheckout writes the tree as a git checkout tagged v1.0.0 whose origin is the tiny
// provider's GitHub repository.
func gitCheckout(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := tree.Write(t, files)
	gitIn(t, dir, "init", "-q")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-q", "-m", "release")
	gitIn(t, dir, "tag", "v1.0.0")
	gitIn(t, dir, "remote", "add", "origin", "https://github.com/"+ghRepo+".git")
	return dir
}

// releaseCheckTree publishes v1.0.0 as the provider's own release process would have made it
// from files: built with the config init proposes, then edited by change.
func releaseCheckTree(t *testing.T, gh *fakegithub.Server, files map[string]string, change func(string) string) {
	t.Helper()
	dir := tree.Write(t, files)
	code, cfg, stderr := runEnv(t, nil, "init", "--stdout", dir)
	if code != ExitQuestions { // offline: init asks about what only the Makefile says
		t.Fatalf("init --stdout: %s", stderr)
	}
	writeText(t, filepath.Join(dir, "capirepo.yaml"), cfg)
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runEnv(t, nil, "build", "--version", "v1.0.0", "--published", "", "--config", filepath.Join(dir, "capirepo.yaml"), "--out", out); code != ExitOK {
		t.Fatalf("build: %s", stderr)
	}
	built := filepath.Join(out, "bootstrap-tiny", "v1.0.0")
	var assets []fakegithub.Asset
	for _, name := range []string{"bootstrap-components.yaml", "metadata.yaml"} {
		data, err := os.ReadFile(filepath.Join(built, name))
		if err != nil {
			t.Fatal(err)
		}
		assets = append(assets, fakegithub.Asset{Name: name, Data: []byte(change(string(data)))})
	}
	gh.AddRelease(ghOwner, ghName, fakegithub.Release{Tag: "v1.0.0", Assets: assets})
}

// TestInitCheckAgainstGitHubRelease: init --check proves the config from the tag's
// release on the fake forge, builds tag v1.0.0 with it and diffs the build with the
// release: a release pushing another image gives that image as newName and is equal
// (exit 0); a matching one (up to the labels clusterctl sets) is equal; a release whose
// components nothing in the tree reproduces is a question naming the file, and the
// difference is reported (exit 1). The checkout is left as it was.
func TestInitCheckAgainstGitHubRelease(t *testing.T) {
	t.Parallel()
	files := checkTree()
	cases := []struct {
		name   string
		change func(string) string
		code   int
		want   []string
	}{
		{"release image", func(s string) string {
			return strings.ReplaceAll(s, "registry.example.com/acme/tiny-controller", "ghcr.io/acme/tiny-controller")
		}, ExitOK, []string{"newName: ghcr.io/acme/tiny-controller # bootstrap-components.yaml of the release v1.0.0", "equal: the build of v1.0.0"}},
		{"matching", func(s string) string {
			return strings.ReplaceAll(s, "cluster.x-k8s.io/provider: bootstrap-tiny", "cluster.x-k8s.io/provider: bootstrap-tiny-made-by-make")
		}, ExitOK, []string{"equal: the build of v1.0.0 with the proposed capirepo.yaml is what its release ships"}},
		{"components nothing reproduces", func(s string) string {
			return strings.ReplaceAll(s, "scope: Namespaced", "scope: Cluster")
		}, ExitFindings, []string{"ships bootstrap-components.yaml, which no kustomize folder of the tree reproduces (tried config)", "spec.scope: Namespaced → Cluster"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gh := newGitHub(t)
			releaseCheckTree(t, gh, files, c.change)
			dir := gitCheckout(t, files)
			code, stdout, stderr := runEnv(t, nil, "init", "--check", dir, "--github-url", gh.URL())
			want(t, code, c.code, stdout, stderr, c.want...)
			untouched(t, dir)
		})
	}
}

// untouched fails when the checkout has changes, a new file or another worktree.
func untouched(t *testing.T, dir string) {
	t.Helper()
	for _, args := range [][]string{{"status", "--porcelain", "--ignored"}, {"worktree", "list", "--porcelain"}} {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).Output()
		if err != nil {
			t.Fatal(err)
		}
		if args[0] == "status" && len(out) > 0 || args[0] == "worktree" && strings.Count(string(out), "worktree ") != 1 {
			t.Errorf("git %s after init --check:\n%s", args[0], out)
		}
	}
}

// TestInitCheckJSON: --format json gives the result, its differences explained.
func TestInitCheckJSON(t *testing.T) {
	t.Parallel()
	files := checkTree()
	dir := gitCheckout(t, files)
	against := filepath.Join(t.TempDir(), "rel")
	writeText(t, filepath.Join(against, "metadata.yaml"), files["metadata.yaml"])
	code, stdout, stderr := runEnv(t, nil, "init", "--check", "--check-against", against, "--format", "json", dir)
	var res initcheck.Result
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || code != ExitFindings {
		t.Fatalf("exit %d, %v\n%s\n%s", code, err, stdout, stderr)
	}
	// The release lacks the components: the file, its CRD and its image are only in the
	// build, each explained by the line that builds it.
	lines := map[string]int{}
	for _, d := range res.Differences {
		lines[d.Section+" "+d.Subject] = d.Line
	}
	kustomize := configLine(t, numbered(res.Config), "kustomize: config")
	wantLines := map[string]int{"files bootstrap-components.yaml": kustomize, "crds tinyconfigs.bootstrap.cluster.x-k8s.io": kustomize,
		"images registry.example.com/acme/tiny-controller": configLine(t, numbered(res.Config), "newName: registry.example.com/acme/tiny-controller")}
	if res.Tag != "v1.0.0" || !reflect.DeepEqual(lines, wantLines) || res.Questions() != 0 {
		t.Errorf("lines %v, want %v; questions %d\n%+v", lines, wantLines, res.Questions(), res.Differences)
	}
}

// TestInitCheckTag: --check-tag picks the tag to build, parsed where init reads it; a
// tag that is no release version (a "1.0" tag beside v1.0.0) cannot be built (exit 3,
// the tag named).
func TestInitCheckTag(t *testing.T) {
	t.Parallel()
	files := checkTree()
	dir := gitCheckout(t, files)
	gitIn(t, dir, "tag", "1.0")
	against := filepath.Join(t.TempDir(), "rel")
	writeText(t, filepath.Join(against, "metadata.yaml"), files["metadata.yaml"])
	code, stdout, stderr := runEnv(t, nil, "init", "--check", "--check-against", against, "--check-tag", "1.0", dir)
	want(t, code, ExitInput, stdout, stderr, `--check-tag: version "1.0" has no "v" prefix`)
	code, stdout, stderr = runEnv(t, nil, "init", "--check", "--check-against", against, "--check-tag", "v1.0.0", "-o", "json", dir)
	var res initcheck.Result
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || code != ExitFindings || res.Tag != "v1.0.0" {
		t.Errorf("--check-tag v1.0.0: exit %d, tag %q, %v\n%s", code, res.Tag, err, stderr)
	}
}

// configLine is the number of the first line of the printed config (numbered as init
// --check prints it) that holds s.
func configLine(t *testing.T, printed, s string) int {
	t.Helper()
	for _, l := range strings.Split(printed, "\n") {
		num, text, ok := strings.Cut(strings.TrimLeft(l, " "), "  ")
		if n, err := strconv.Atoi(num); ok && err == nil && strings.Contains(text, s) {
			return n
		}
	}
	t.Fatalf("no line of the printed config holds %q:\n%s", s, printed)
	return 0
}

// numbered prints a config as init --check does.
func numbered(config string) string {
	var b strings.Builder
	for i, l := range strings.Split(config, "\n") {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, l)
	}
	return b.String()
}
