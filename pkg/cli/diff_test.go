package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// tinyReleaseURL is the tiny provider's v1.0.0 components on GitHub.
const tinyReleaseURL = "https://github.com/" + ghRepo + "/releases/v1.0.0/bootstrap-components.yaml"

// releaseTiny publishes the tiny provider's v1.0.0 files to the fake forge as a
// release would: the build's files, the components with other labels clusterctl sets
// itself, and an asset clusterctl never reads.
func releaseTiny(t *testing.T, gh *fakegithub.Server, dist string) {
	t.Helper()
	files := distFiles(t, dist)
	comps := strings.Replace(string(files["bootstrap-components.yaml"]), "cluster.x-k8s.io/provider: bootstrap-tiny",
		"cluster.x-k8s.io/provider: bootstrap-tiny-release", -1)
	if comps == string(files["bootstrap-components.yaml"]) {
		t.Fatal("the build sets no provider label to change")
	}
	gh.AddRelease(ghOwner, ghName, fakegithub.Release{Tag: "v1.0.0", Assets: []fakegithub.Asset{
		{Name: "bootstrap-components.yaml", Data: []byte(comps)},
		{Name: "metadata.yaml", Data: files["metadata.yaml"]},
		{Name: "checksums.txt", Data: []byte("0123 bootstrap-components.yaml\n")},
	}})
}

// TestDiffBuildAgainstGitHubRelease: a build equals its GitHub release (labels
// clusterctl sets and assets it never reads aside); a build with another image differs
// by that image alone, exit 1, in text and JSON.
func TestDiffBuildAgainstGitHubRelease(t *testing.T) {
	t.Parallel()
	gh := newGitHub(t)
	releaseTiny(t, gh, builtTiny(t))
	code, stdout, stderr := runEnv(t, nil, "diff", builtTiny(t), tinyReleaseURL, "--github-url", gh.URL())
	want(t, code, ExitOK, stdout, stderr, "equal: no difference clusterctl would see", "checksums.txt (B)")

	other := buildTinyWith(t, newImage)
	code, stdout, stderr = runEnv(t, nil, "diff", other, tinyReleaseURL, "--github-url", gh.URL())
	want(t, code, ExitFindings, stdout, stderr, "images:", "registry.example.com/tiny:v2 → registry.example.com/tiny:v1", "1 difference(s)")

	code, stdout, stderr = runEnv(t, nil, "diff", "--format", "json", other, tinyReleaseURL, "--github-url", gh.URL())
	var rep diff.Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != ExitFindings {
		t.Fatalf("exit %d, %v\n%s\n%s", code, err, stdout, stderr)
	}
	if rep.Equal || len(rep.Pairs) != 1 || len(rep.Pairs[0].Differences) != 1 || rep.Pairs[0].Differences[0].Section != diff.SectionImages {
		t.Errorf("JSON report: %+v", rep)
	}
}

// TestDiffFolders: a build against itself, a version folder against the build, and
// two single files.
func TestDiffFolders(t *testing.T) {
	t.Parallel()
	dist := builtTiny(t)
	version := filepath.Join(dist, "bootstrap-tiny", "v1.0.0")
	for _, args := range [][]string{{dist, dist}, {version, dist}, {filepath.Join(version, "metadata.yaml"), filepath.Join(version, "metadata.yaml")}} {
		code, stdout, stderr := runEnv(t, nil, append([]string{"diff"}, args...)...)
		want(t, code, ExitOK, stdout, stderr, "equal")
	}
	code, stdout, stderr := runEnv(t, nil, "diff", "-o", "yaml", dist, dist)
	want(t, code, ExitUsage, stdout, stderr, `--output "yaml"`)
}

// TestDiffBuildAgainstOCIArtifact: a build pushed by publish oci reads back equal from
// its oci:// reference.
func TestDiffBuildAgainstOCIArtifact(t *testing.T) {
	t.Parallel()
	reg := registry.New(t)
	env := ociEnv(t)
	dist := builtTiny(t)
	if code, _, stderr := runEnv(t, env, "publish", "oci", "--from", dist, "--to", reg.Host+"/capi", "--plain-http"); code != ExitOK {
		t.Fatalf("publish oci: %s", stderr)
	}
	code, stdout, stderr := runEnv(t, env, "diff", dist, "oci://"+reg.Host+"/capi/bootstrap-tiny:v1.0.0", "--plain-http")
	want(t, code, ExitOK, stdout, stderr, "equal")
}

// TestDiffBuildAgainstGitLabPackage: a build published as GitLab generic packages reads
// back equal through clusterctl's URL (the token from the environment, never shown).
func TestDiffBuildAgainstGitLabPackage(t *testing.T) {
	t.Parallel()
	gl := newGitLab(t)
	dist := builtTiny(t)
	publishEnv(t, glEnv, "publish", "gitlab", "--from", dist, "--url", gl.URL, "--project", glProject)
	url := "https://gitlab.example.com/api/v4/projects/group%2Fname/packages/generic/bootstrap-tiny/v1.0.0/bootstrap-components.yaml"
	code, stdout, stderr := runEnv(t, glEnv, "diff", dist, url, "--gitlab-url", gl.URL)
	want(t, code, ExitOK, stdout, stderr, "equal")
	noSecret(t, glSecret, stdout, stderr)
}
