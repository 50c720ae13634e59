package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

func TestVerifyKeyChecksTheSignature(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	dist := filepath.Dir(filepath.Dir(dir))
	if code, out, errOut := run(t, "verify", dist, "--key", pub); code != 0 {
		t.Fatalf("a signed build does not verify: exit %d\n%s\n%s", code, out, errOut)
	}
	_, otherPEM := sigstore.KeyPair(t, "")
	other := filepath.Join(t.TempDir(), "other.pub")
	writeFile(t, other, otherPEM)
	cases := map[string]struct {
		key  string
		edit func(t *testing.T, dir string)
		want string
	}{
		"another key": {other, nil, "bootstrap-tiny/v1.0.0/bootstrap-tiny-v1.0.0.sigstore.json: error signature: signature verification failed"},
		"tampered file": {"", func(t *testing.T, dir string) {
			appendTo(t, filepath.Join(dir, "metadata.yaml"), "# changed\n")
		}, "bootstrap-tiny/v1.0.0/metadata.yaml: error signature: changed after signing"},
		"extra file read": {"", func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "cluster-template-evil.yaml"), []byte("kind: Cluster\n"))
		}, "bootstrap-tiny/v1.0.0/cluster-template-evil.yaml: error signature: not covered by the signature"},
		"removed subject": {"", func(t *testing.T, dir string) {
			if err := os.Remove(filepath.Join(dir, "bootstrap-components.yaml")); err != nil {
				t.Fatal(err)
			}
		}, "bootstrap-tiny/v1.0.0/bootstrap-components.yaml: error signature: signed but missing"},
		"moved bundle": {"", func(t *testing.T, dir string) {
			moved := filepath.Join(filepath.Dir(dir), "v1.0.1")
			if err := os.Rename(dir, moved); err != nil {
				t.Fatal(err)
			}
			os.Rename(filepath.Join(moved, "bootstrap-tiny-v1.0.0.sigstore.json"), filepath.Join(moved, "bootstrap-tiny-v1.0.1.sigstore.json"))
		}, "signed for bootstrap-tiny v1.0.0, not for bootstrap-tiny v1.0.1"},
	}
	for name, c := range cases {
		dir, pub := signedBuild(t)
		if c.edit != nil {
			c.edit(t, dir)
		}
		if c.key != "" {
			pub = c.key
		}
		code, out, errOut := run(t, "verify", filepath.Dir(filepath.Dir(dir)), "--key", pub)
		if code != ExitFindings || !strings.Contains(out+errOut, c.want) {
			t.Errorf("%s: exit %d, want 1 and %q:\n%s\n%s", name, code, c.want, out, errOut)
		}
	}
}

func appendTo(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

func TestSignatureFlagErrors(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	dist := filepath.Dir(filepath.Dir(dir))
	none := filepath.Join(t.TempDir(), "none.pub")
	cases := map[string]struct {
		args []string
		code int
		want string
	}{
		"key and identity":      {[]string{"verify", dist, "--key", pub, "--certificate-identity", "a@b"}, ExitUsage, "not both"},
		"identity no issuer":    {[]string{"verify", dist, "--certificate-identity", "a@b"}, ExitUsage, "--certificate-oidc-issuer"},
		"unreadable key":        {[]string{"verify", dist, "--key", none}, ExitInput, "none.pub: cannot read it"},
		"not a public key":      {[]string{"verify", dist, "--key", filepath.Join(dir, "metadata.yaml")}, ExitInput, "not a PEM public key"},
		"bad trusted root":      {[]string{"verify", dist, "--certificate-identity", "a@b", "--certificate-oidc-issuer", "https://i", "--trusted-root", none}, ExitInput, "trusted root"},
		"mirror unreadable key": {[]string{"mirror", "--out", t.TempDir(), "--core", "cluster-api:v1.10.0", "--verify-key", none}, ExitUsage, "none.pub: cannot read it"},
	}
	for name, c := range cases {
		code, out, errOut := run(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, want %d with %q:\n%s%s", name, code, c.code, c.want, out, errOut)
		}
	}
}
