package cli

import (
	"os"
	"path/filepath"
	"testing"
)

const bundleName = "bootstrap-tiny-v1.0.0.sigstore.json"

// signedFiles reads every file of a signed build's version folder, the bundle too.
func signedFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = data
	}
	if out[bundleName] == nil {
		t.Fatalf("no %s in %s", bundleName, dir)
	}
	return out
}

func TestPublishCarriesTheBundle(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	dist := filepath.Dir(filepath.Dir(dir))
	files := signedFiles(t, dir)

	repo := filepath.Join(t.TempDir(), "repo")
	if code, out, errOut := run(t, "publish", "local", "--from", dist, "--to", repo); code != 0 {
		t.Fatalf("publish local: exit %d\n%s\n%s", code, out, errOut)
	}
	if code, out, errOut := run(t, "verify", repo, "--key", pub); code != 0 {
		t.Fatalf("the published local repository does not verify: exit %d\n%s\n%s", code, out, errOut)
	}

	gh := newGitHub(t)
	if code, out, errOut := publishGitHub(t, tokenEnv("GITHUB_TOKEN", ghSecret), gh, dist); code != 0 {
		t.Fatalf("publish github: exit %d\n%s\n%s", code, out, errOut)
	}
	checkAssets(t, onlyRelease(t, gh), files)
	if code, out, errOut := verifyGitHub(t, gh, "--key", pub); code != 0 {
		t.Errorf("the GitHub release does not verify: exit %d\n%s\n%s", code, out, errOut)
	}

	gl := newGitLab(t)
	if code, out, errOut := publishGitLab(t, tokenEnv("GITLAB_TOKEN", glSecret), gl, dist); code != 0 {
		t.Fatalf("publish gitlab: exit %d\n%s\n%s", code, out, errOut)
	}
	checkPackage(t, gl, files)
	if code, out, errOut := runEnv(t, glEnv, "verify", "https://gitlab.example.com/api/v4/projects/group%2Fname/packages/generic/bootstrap-tiny/v1.0.0/bootstrap-components.yaml",
		"--gitlab-url", gl.URL, "--key", pub); code != 0 {
		t.Errorf("the GitLab package does not verify: exit %d\n%s\n%s", code, out, errOut)
	}
}
