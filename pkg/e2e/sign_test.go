package e2e

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/cli"
	"github.com/capirepo/capirepo/pkg/testsupport/cosign"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// TestSignedBuildVerifiesWithCosign signs the example with a cosign key file and has
// the real cosign verify the attestation against every release file, and refuse a
// changed one.
func TestSignedBuildVerifiesWithCosign(t *testing.T) {
	cs := cosign.Find(t)
	keys := t.TempDir()
	priv, pub := sigstore.KeyPair(t, "e2e-password")
	keyFile, pubFile := filepath.Join(keys, "k.key"), filepath.Join(keys, "k.pub")
	if err := os.WriteFile(keyFile, priv, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pubFile, pub, 0o644); err != nil {
		t.Fatal(err)
	}
	dist := filepath.Join(t.TempDir(), "dist")
	var out, errOut bytes.Buffer
	env := cli.Env{Stdout: &out, Stderr: &errOut, Getenv: cli.MapEnv(map[string]string{"COSIGN_PASSWORD": "e2e-password", "SOURCE_DATE_EPOCH": "1700000000"})}
	if code := cli.Run(context.Background(), []string{"build", "--config", example, "--version", "v0.1.0", "--out", dist, "--sign-key", keyFile}, env); code != 0 {
		t.Fatalf("signed build exit %d\n%s\n%s", code, &out, &errOut)
	}
	dir := filepath.Join(dist, "infrastructure-sample", "v0.1.0")
	bundle := filepath.Join(dir, "infrastructure-sample-v0.1.0.sigstore.json")
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) < 3 {
		t.Fatalf("release files: %v %v", files, err)
	}
	for _, f := range files {
		cs.MustRun(t, "verify-blob-attestation", "--key", pubFile, "--bundle", bundle, "--type", "slsaprovenance1", "--insecure-ignore-tlog=true", f)
	}
	changed := filepath.Join(keys, "changed.yaml")
	data, _ := os.ReadFile(files[0])
	if err := os.WriteFile(changed, append(data, "# changed\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := cs.Run(t, "verify-blob-attestation", "--key", pubFile, "--bundle", bundle, "--type", "slsaprovenance1", "--insecure-ignore-tlog=true", changed)
	if err == nil || !strings.Contains(stderr, "digest") {
		t.Errorf("cosign accepted a changed file: %v\n%s", err, stderr)
	}
}
