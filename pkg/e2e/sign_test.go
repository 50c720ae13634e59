package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/cli"
	"github.com/capirepo/capirepo/pkg/testsupport/cosign"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// keyFiles writes a fresh cosign key pair encrypted with password.
func keyFiles(t *testing.T, password string) (key, pub string) {
	t.Helper()
	dir := t.TempDir()
	priv, pubPEM := sigstore.KeyPair(t, password)
	key, pub = filepath.Join(dir, "k.key"), filepath.Join(dir, "k.pub")
	if err := os.WriteFile(key, priv, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pub, pubPEM, 0o644); err != nil {
		t.Fatal(err)
	}
	return key, pub
}

// exampleCopy copies the example outside this repository's checkout and returns its
// capirepo.yaml: a signed build of the example in place would record this checkout
// (and be refused while it has uncommitted changes).
func exampleCopy(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "sample")
	if err := os.CopyFS(dir, os.DirFS(filepath.Dir(example))); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "capirepo.yaml")
}

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
	if code := cli.Run(context.Background(), []string{"build", "--config", exampleCopy(t), "--version", "v0.1.0", "--out", dist, "--sign-key", keyFile}, env); code != 0 {
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

// TestPublishOCISignatureIsAReferrerCosignFinds publishes a signed build to the
// in-process registry: the bundle is an OCI 1.1 referrer of the artifact that the real
// cosign verify-attestation finds and verifies, and it is no layer of the artifact.
func TestPublishOCISignatureIsAReferrerCosignFinds(t *testing.T) {
	cs := cosign.Find(t)
	key, pub := keyFiles(t, "oci-password")
	env := map[string]string{"COSIGN_PASSWORD": "oci-password", "SOURCE_DATE_EPOCH": "1700000000"}
	dist := filepath.Join(t.TempDir(), "dist")
	if code, out, errOut := capirepoEnv(t, env, "build", "--config", exampleCopy(t), "--version", "v0.1.0", "--out", dist, "--sign-key", key); code != 0 {
		t.Fatalf("signed build exit %d\n%s\n%s", code, out, errOut)
	}
	reg := registry.New(t)
	code, out, errOut := capirepoEnv(t, env, "publish", "oci", "--from", dist, "--to", reg.Host+"/capi", "--plain-http", "--sign-key", key)
	if code != 0 {
		t.Fatalf("publish oci: exit %d\n%s%s", code, out, errOut)
	}
	ref := reg.Host + "/capi/infrastructure-sample:v0.1.0"
	if _, listing, _ := capirepoEnv(t, env, "verify", "oci://"+ref, "--plain-http"); strings.Contains(listing, ".sigstore.json") {
		t.Errorf("the bundle is a layer of the artifact:\n%s", listing)
	}
	got := cs.MustRun(t, "verify-attestation", "--key", pub, "--type", "slsaprovenance1", "--insecure-ignore-tlog=true",
		"--allow-http-registry", "--allow-insecure-registry", ref)
	var envelope struct{ Payload []byte }
	if err := json.Unmarshal([]byte(strings.TrimSpace(got)), &envelope); err != nil || !strings.Contains(string(envelope.Payload), `"predicateType":"https://slsa.dev/provenance/v1"`) {
		t.Errorf("cosign verify-attestation printed no SLSA statement (%v):\n%s", err, got)
	}
	if code, out, errOut := capirepoEnv(t, env, "verify", "oci://"+ref, "--plain-http", "--key", pub); code != 0 {
		t.Errorf("capirepo verify --key does not accept the referrer: exit %d\n%s%s", code, out, errOut)
	}
	_, otherPub := keyFiles(t, "")
	if code, out, errOut := capirepoEnv(t, env, "verify", "oci://"+ref, "--plain-http", "--key", otherPub); code != 1 || !strings.Contains(out+errOut, "error signature") {
		t.Errorf("capirepo verify accepted another key: exit %d\n%s%s", code, out, errOut)
	}
	if _, stderr, err := cs.Run(t, "verify-attestation", "--key", otherPub, "--type", "slsaprovenance1", "--insecure-ignore-tlog=true",
		"--allow-http-registry", "--allow-insecure-registry", ref); err == nil {
		t.Errorf("cosign verified the referrer with another key:\n%s", stderr)
	}
}

// verifyAttestation runs the real cosign verify-attestation on ref with the public
// key file pub; it returns cosign's error (nil: it verified).
func verifyAttestation(t *testing.T, cs cosign.Binary, pub, ref string) (string, error) {
	t.Helper()
	_, stderr, err := cs.Run(t, "verify-attestation", "--key", pub, "--type", "slsaprovenance1", "--insecure-ignore-tlog=true",
		"--allow-http-registry", "--allow-insecure-registry", ref)
	return stderr, err
}

// TestCosignAcceptsASignatureAddedLater: an artifact first published without
// --sign-key carries the build's bundle, which cosign verify-attestation does not
// accept (it does not name the manifest). Signing it later is the plan's to decide:
// the build's bundle is this key's signature of another statement, so it is refused
// without --replace (exit 5, nothing changed) and replaced with it; then cosign
// accepts the artifact and a re-run changes nothing.
func TestCosignAcceptsASignatureAddedLater(t *testing.T) {
	cs := cosign.Find(t)
	key, pub := keyFiles(t, "later-password")
	env := map[string]string{"COSIGN_PASSWORD": "later-password", "SOURCE_DATE_EPOCH": "1700000000"}
	dist := filepath.Join(t.TempDir(), "dist")
	if code, out, errOut := capirepoEnv(t, env, "build", "--config", exampleCopy(t), "--version", "v0.1.0", "--out", dist, "--sign-key", key); code != 0 {
		t.Fatalf("signed build exit %d\n%s\n%s", code, out, errOut)
	}
	reg := registry.New(t)
	ref := reg.Host + "/capi/infrastructure-sample:v0.1.0"
	publish := []string{"publish", "oci", "--from", dist, "--to", reg.Host + "/capi", "--plain-http"}
	if code, out, errOut := capirepoEnv(t, env, publish...); code != 0 {
		t.Fatalf("publish oci: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := verifyAttestation(t, cs, pub, ref); err == nil {
		t.Fatal("cosign accepted the build's bundle, which does not name the manifest: the test proves nothing")
	}
	signed := append(publish, "--sign-key", key, "--verify-key", pub)
	if code, out, errOut := capirepoEnv(t, env, signed...); code != 5 || !strings.Contains(out, "refused") {
		t.Errorf("--sign-key without --replace: exit %d, want 5 with the signature refused\n%s%s", code, out, errOut)
	}
	// the build's bundle referrer is this key's signature of another statement (no manifest): replaced
	if code, out, errOut := capirepoEnv(t, env, append(signed, "--replace")...); code != 0 || !strings.Contains(out, "0 written, 1 replaced, 6 skipped") {
		t.Fatalf("--sign-key --replace: exit %d, want the signature replaced\n%s%s", code, out, errOut)
	}
	if stderr, err := verifyAttestation(t, cs, pub, ref); err != nil {
		t.Fatalf("cosign verify-attestation after --sign-key --replace: %v\n%s", err, stderr)
	}
	if code, out, errOut := capirepoEnv(t, env, signed...); code != 0 || !strings.Contains(out, "0 written, 0 replaced") {
		t.Errorf("re-run: exit %d, want nothing written\n%s%s", code, out, errOut)
	}
}

// TestCosignAcceptsASignedMirror: mirror --to-oci --sign-key signs each artifact's
// manifest, so cosign verify-attestation accepts the mirror: for a signed upstream
// verified with --verify-key, and for an unsigned one (a statement re-derived from
// the files).
func TestCosignAcceptsASignedMirror(t *testing.T) {
	cs := cosign.Find(t)
	key, pub := keyFiles(t, "mirror-password")
	env := map[string]string{"COSIGN_PASSWORD": "mirror-password", "SOURCE_DATE_EPOCH": "1700000000", "DOCKER_CONFIG": t.TempDir()}
	for _, signedUpstream := range []bool{true, false} {
		dist := filepath.Join(t.TempDir(), "dist")
		build := []string{"build", "--config", exampleCopy(t), "--version", "v0.1.0", "--out", dist}
		mirrorKey, mirrorPub := keyFiles(t, "mirror-password")
		var verify []string
		if signedUpstream {
			build, verify = append(build, "--sign-key", key), []string{"--verify-key", pub}
		}
		if code, out, errOut := capirepoEnv(t, env, build...); code != 0 {
			t.Fatalf("build exit %d\n%s\n%s", code, out, errOut)
		}
		from := filepath.Join(t.TempDir(), "clusterctl.yaml")
		url := "file://" + filepath.Join(dist, "infrastructure-sample", "v0.1.0", "infrastructure-components.yaml")
		if err := os.WriteFile(from, []byte("providers:\n- {name: sample, type: InfrastructureProvider, url: \""+url+"\"}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		reg := registry.New(t)
		args := append([]string{"mirror", "--out", filepath.Join(t.TempDir(), "mirror"), "--from-config", from, "--cert-manager", "", "--quiet",
			"--to-oci", reg.Host + "/capi", "--plain-http", "--sign-key", mirrorKey}, verify...)
		if code, out, errOut := capirepoEnv(t, env, args...); code != 0 {
			t.Fatalf("mirror --to-oci --sign-key (signed upstream %v): exit %d\n%s%s", signedUpstream, code, out, errOut)
		}
		if stderr, err := verifyAttestation(t, cs, mirrorPub, reg.Host+"/capi/infrastructure-sample:v0.1.0"); err != nil {
			t.Errorf("cosign verify-attestation of the mirror (signed upstream %v): %v\n%s", signedUpstream, err, stderr)
		}
	}
}
