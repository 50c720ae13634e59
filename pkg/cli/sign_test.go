package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

const testPassword = "pw-Very-Secret-42"

// signedBuild builds the sample tree signed with a fresh cosign key; it returns the
// version folder and the public key file.
func signedBuild(t *testing.T) (dir, pub string) {
	t.Helper()
	root := sampleTree(t, nil)
	priv, pubPEM := sigstore.KeyPair(t, testPassword)
	key, pub := filepath.Join(root, "k.key"), filepath.Join(root, "k.pub")
	writeFile(t, key, priv)
	writeFile(t, pub, pubPEM)
	out := filepath.Join(root, "dist")
	env := map[string]string{"COSIGN_PASSWORD": testPassword, "SOURCE_DATE_EPOCH": "1700000000"}
	code, stdout, stderr := runEnv(t, env, "build", "--config", filepath.Join(root, "capirepo.yaml"), "--version", "v1.0.0", "--out", out, "--sign-key", key)
	if code != 0 {
		t.Fatalf("signed build: exit %d: %s %s", code, stdout, stderr)
	}
	if strings.Contains(stdout+stderr, testPassword) || strings.Contains(stdout+stderr, "PRIVATE KEY") {
		t.Fatalf("the build's output shows the key or its password:\n%s\n%s", stdout, stderr)
	}
	return filepath.Join(out, "bootstrap-tiny", "v1.0.0"), pub
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestBuildSignKeyWritesAVerifiableBundle(t *testing.T) {
	t.Parallel()
	dir, pubFile := signedBuild(t)
	r := &release.Release{Provider: layout.Provider{Type: "BootstrapProvider", Name: "tiny"}, Version: layout.MustParseVersion("v1.0.0"), ComponentsFile: "bootstrap-components.yaml"}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		r.Files = append(r.Files, release.File{Name: e.Name(), Data: data})
	}
	if r.File("bootstrap-tiny-v1.0.0.sigstore.json") == nil {
		t.Fatalf("no bundle in %s: %v", dir, entries)
	}
	pubPEM, _ := os.ReadFile(pubFile)
	key, err := sign.ParsePublicKey(pubFile, pubPEM)
	if err != nil {
		t.Fatal(err)
	}
	if err := sign.VerifyRelease(r, sign.Policy{Key: key}); err != nil {
		t.Fatalf("the signed build does not verify: %v", err)
	}
}

func TestBuildSignKeyErrors(t *testing.T) {
	t.Parallel()
	root := sampleTree(t, nil)
	priv, _ := sigstore.KeyPair(t, testPassword)
	key := filepath.Join(root, "k.key")
	writeFile(t, key, priv)
	cfg := filepath.Join(root, "capirepo.yaml")
	cases := map[string]struct {
		env  map[string]string
		args []string
		code int
		want string
	}{
		"wrong password": {map[string]string{"COSIGN_PASSWORD": "not-" + testPassword}, []string{"--sign-key", key}, ExitInput, "wrong COSIGN_PASSWORD"},
		"no password":    {nil, []string{"--sign-key", key}, ExitInput, "set COSIGN_PASSWORD"},
		"missing key":    {nil, []string{"--sign-key", filepath.Join(root, "none.key")}, ExitInput, "none.key: cannot read it"},
		"not a key":      {nil, []string{"--sign-key", cfg}, ExitInput, "not a PEM private key"},
		"both modes":     {nil, []string{"--sign-key", key, "--sign-keyless"}, ExitUsage, "exclude each other"},
		"keyless no CI":  {nil, []string{"--sign-keyless"}, ExitInput, "id-token: write"},
	}
	for name, c := range cases {
		out := filepath.Join(root, "dist-"+strings.ReplaceAll(name, " ", "-"))
		args := append([]string{"build", "--config", cfg, "--version", "v1.0.0", "--out", out}, c.args...)
		code, stdout, stderr := runEnv(t, c.env, args...)
		all := stdout + stderr
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and one line with %q", name, code, stderr, c.code, c.want)
		}
		if strings.Contains(all, testPassword) || strings.Contains(all, "PRIVATE KEY") || strings.Contains(all, string(priv[40:80])) {
			t.Errorf("%s: output shows key material or the password:\n%s", name, all)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: output was written", name)
		}
	}
}

// TestSignedBuildStatementIsDeterministic: two signed builds of the same inputs sign
// byte-identical statements (the signatures differ; ECDSA is randomized).
func TestSignedBuildStatementIsDeterministic(t *testing.T) {
	t.Parallel()
	root := sampleTree(t, nil)
	priv, _ := sigstore.KeyPair(t, "")
	key := filepath.Join(root, "k.key")
	writeFile(t, key, priv)
	var payloads []string
	for _, out := range []string{"dist-a", "dist-b"} {
		dist := filepath.Join(root, out)
		code, stdout, stderr := runEnv(t, map[string]string{"SOURCE_DATE_EPOCH": "1700000000"},
			"build", "--config", filepath.Join(root, "capirepo.yaml"), "--version", "v1.0.0", "--out", dist, "--sign-key", key)
		if code != 0 {
			t.Fatalf("exit %d: %s %s", code, stdout, stderr)
		}
		data, err := os.ReadFile(filepath.Join(dist, "bootstrap-tiny", "v1.0.0", "bootstrap-tiny-v1.0.0.sigstore.json"))
		if err != nil {
			t.Fatal(err)
		}
		var b struct {
			DsseEnvelope struct{ Payload string } `json:"dsseEnvelope"`
		}
		if err := json.Unmarshal(data, &b); err != nil || b.DsseEnvelope.Payload == "" {
			t.Fatalf("bundle without a DSSE payload (%v): %s", err, data)
		}
		payloads = append(payloads, b.DsseEnvelope.Payload)
	}
	if payloads[0] != payloads[1] {
		t.Errorf("two builds of the same inputs signed different statements:\n%s\n%s", payloads[0], payloads[1])
	}
}
