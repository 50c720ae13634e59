package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// TestPublishOCISignKeyRefusesAnEditedBuild is the re-signing attack: a signed
// build's components file is edited and `publish oci --sign-key release.key` runs
// with no --verify-key. The folder's own bundle no longer matches the file, which
// needs no key to see: the run exits 1 naming the file and the registry receives
// nothing. A bundle re-signed by another key (the subject digest rewritten to match)
// does not verify under the public key of --sign-key, the default input trust: it
// is refused too, naming the bundle.
func TestPublishOCISignKeyRefusesAnEditedBuild(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		edit func(t *testing.T, dir string)
		want string
	}{
		"edited": {func(t *testing.T, dir string) {
			appendTo(t, filepath.Join(dir, "bootstrap-components.yaml"), "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: injected, namespace: tiny-system}\n")
		}, "bootstrap-tiny/v1.0.0/bootstrap-components.yaml: changed after signing"},
		"edited, re-signed by another key": {func(t *testing.T, dir string) {
			comps := filepath.Join(dir, "bootstrap-components.yaml")
			appendTo(t, comps, "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: injected, namespace: tiny-system}\n")
			data, _ := os.ReadFile(comps)
			resignAs(t, dir, func(st map[string]any) { setSubject(st, "bootstrap-components.yaml", data) })
		}, "bootstrap-tiny/v1.0.0/" + bundleName + ": "},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir, _ := signedBuild(t)
			c.edit(t, dir)
			reg := registry.New(t)
			dist := filepath.Dir(filepath.Dir(dir))
			key := filepath.Join(filepath.Dir(dist), "k.key")
			code, out, errOut := runEnv(t, ociEnv(t, "COSIGN_PASSWORD", testPassword), "publish", "oci", "--from", dist, "--to", reg.Host+"/capi", "--plain-http", "--sign-key", key)
			if code != ExitFindings || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, want %d naming %q\n%s%s", code, ExitFindings, c.want, out, errOut)
			}
			if n := reg.TotalUploads(); n != 0 {
				t.Errorf("the registry received %d blob(s)", n)
			}
		})
	}
}

// TestPublishRefusesAnEditedBuildWithoutAKey: every publish command holds a folder's
// bundles against its files before publishing, key or not: an edited signed build is
// refused (exit 1, the file named) and nothing is written.
func TestPublishRefusesAnEditedBuildWithoutAKey(t *testing.T) {
	t.Parallel()
	dir, _ := signedBuild(t)
	appendTo(t, filepath.Join(dir, "metadata.yaml"), "# changed\n")
	dist := filepath.Dir(filepath.Dir(dir))
	reg := registry.New(t)
	for name, args := range map[string][]string{
		"publish local":      {"publish", "local", "--from", dist, "--to", filepath.Join(t.TempDir(), "repo")},
		"publish oci":        {"publish", "oci", "--from", dist, "--to", reg.Host + "/capi", "--plain-http"},
		"publish configmaps": {"publish", "configmaps", "--from", dist, "--to", filepath.Join(t.TempDir(), "cms")},
	} {
		code, out, errOut := runEnv(t, ociEnv(t), args...)
		if want := "bootstrap-tiny/v1.0.0/metadata.yaml: changed after signing"; code != ExitFindings || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d, want %d naming %q\n%s%s", name, code, ExitFindings, want, out, errOut)
		}
	}
	if n := reg.TotalUploads(); n != 0 {
		t.Errorf("the registry received %d blob(s)", n)
	}
}
