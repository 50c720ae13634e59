package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// statementOf is the statement a bundle file signs, as JSON fields.
func statementOf(t *testing.T, bundle string) map[string]any {
	t.Helper()
	var b struct {
		DsseEnvelope struct{ Payload []byte } `json:"dsseEnvelope"`
	}
	var st map[string]any
	data, err := os.ReadFile(bundle)
	if err != nil || json.Unmarshal(data, &b) != nil || json.Unmarshal(b.DsseEnvelope.Payload, &st) != nil {
		t.Fatalf("reading the statement of %s: %v", bundle, err)
	}
	return st
}

// resignAs replaces the bundle of the version folder dir with edit(statement) signed
// by a fresh key (an attacker's), and returns that key's public key file.
func resignAs(t *testing.T, dir string, edit func(st map[string]any)) string {
	t.Helper()
	privPEM, pubPEM := sigstore.KeyPair(t, "")
	resignWith(t, dir, privPEM, "", edit)
	pub := filepath.Join(t.TempDir(), "attacker.pub")
	writeFile(t, pub, pubPEM)
	return pub
}

// resignWith replaces the bundle of dir with edit(statement) signed by the private
// key privPEM (encrypted with password, or plain).
func resignWith(t *testing.T, dir string, privPEM []byte, password string, edit func(st map[string]any)) {
	t.Helper()
	bundle := filepath.Join(dir, bundleName)
	st := statementOf(t, bundle)
	edit(st)
	payload, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	priv, err := sign.ParsePrivateKey("k.key", privPEM, []byte(password))
	if err != nil {
		t.Fatal(err)
	}
	signer, err := sign.KeySigner(priv)
	if err != nil {
		t.Fatal(err)
	}
	b, err := signer.Sign(context.Background(), payload)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, bundle, b)
}

// ownKey is the private key file of signedBuild's version folder dir.
func ownKey(t *testing.T, dir string) []byte {
	t.Helper()
	return []byte(readText(t, filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(dir))), "k.key")))
}

// escaping adds a subject named outside the version folder to a statement.
func escaping(st map[string]any) {
	st["subject"] = append(st["subject"].([]any), map[string]any{"name": "../../etc/passwd", "digest": map[string]any{"sha256": strings.Repeat("0", 64)}})
}

// setSubject gives the statement's subject name the sha256 of data.
func setSubject(st map[string]any, name string, data []byte) {
	for _, s := range st["subject"].([]any) {
		if s := s.(map[string]any); s["name"] == name {
			s["digest"] = map[string]any{"sha256": release.SHA256(data)}
		}
	}
}

// TestPublishOCIRefusesALaunderedBuild is the laundering attack: someone who can
// change dist/ between build and publish injects an object into the components
// file, rewrites its subject digest and signs the statement with their own key.
// publish oci --sign-key --verify-key refuses it, naming the bundle, and the registry
// receives nothing; so does a build whose file changed after signing. Without the
// input trust flags the statement is re-derived from the files, which a note says,
// and none of the build's claims (its commit, config) is carried over.
func TestPublishOCIRefusesALaunderedBuild(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		edit func(t *testing.T, dir string)
		want string
	}{
		"edited, rewritten, attacker's key": {func(t *testing.T, dir string) {
			comps := filepath.Join(dir, "bootstrap-components.yaml")
			appendTo(t, comps, "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: injected, namespace: tiny-system}\n")
			data, _ := os.ReadFile(comps)
			resignAs(t, dir, func(st map[string]any) { setSubject(st, "bootstrap-components.yaml", data) })
		}, "bootstrap-tiny/v1.0.0/" + bundleName + ": "},
		"edited only": {func(t *testing.T, dir string) {
			appendTo(t, filepath.Join(dir, "bootstrap-components.yaml"), "---\nkind: ConfigMap\n")
		}, "bootstrap-tiny/v1.0.0/bootstrap-components.yaml: changed after signing"},
		"subject outside the folder, own key": {func(t *testing.T, dir string) {
			resignWith(t, dir, ownKey(t, dir), testPassword, escaping)
		}, `names a subject "../../etc/passwd"`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir, pub := signedBuild(t)
			c.edit(t, dir)
			reg := registry.New(t)
			env := ociEnv(t, "COSIGN_PASSWORD", testPassword)
			dist := filepath.Dir(filepath.Dir(dir))
			key := filepath.Join(filepath.Dir(dist), "k.key")
			code, out, errOut := runEnv(t, env, "publish", "oci", "--from", dist, "--to", reg.Host+"/capi", "--plain-http", "--sign-key", key, "--verify-key", pub)
			if code != ExitFindings || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
				t.Errorf("exit %d, want %d and one error line with %q\n%s%s", code, ExitFindings, c.want, out, errOut)
			}
			if n := reg.TotalUploads(); n != 0 {
				t.Errorf("the registry received %d blob(s)", n)
			}
		})
	}
}

// TestPublishOCIWithoutInputTrustReDerives: publish oci --sign-key --rederive of a
// laundered build without --verify-key (its bundle does not verify under the signing
// key, TestPublishOCISignKeyRefusesAnEditedBuild) signs only what the files are: the
// note says the statement is re-derived, and the signed statement names no commit or
// config of the attacker's claim.
func TestPublishOCIWithoutInputTrustReDerives(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	resignAs(t, dir, func(st map[string]any) {
		st["predicate"].(map[string]any)["buildDefinition"].(map[string]any)["resolvedDependencies"] = []any{
			map[string]any{"name": "source", "uri": "git+https://github.com/trusted/repo", "digest": map[string]any{"gitCommit": strings.Repeat("a", 40)}}}
	})
	reg := registry.New(t)
	dist := filepath.Dir(filepath.Dir(dir))
	key := filepath.Join(filepath.Dir(dist), "k.key")
	code, out, errOut := runEnv(t, ociEnv(t, "COSIGN_PASSWORD", testPassword), "publish", "oci", "--from", dist, "--to", reg.Host+"/capi", "--plain-http", "--sign-key", key, "--rederive")
	if code != ExitOK || !strings.Contains(errOut, "note: no --verify-key or --certificate-identity given: each bundle of the files of "+dist+
		" must verify under the signing key itself (else, with --rederive, its statement is re-derived from the files: you vouch for these bytes now, not the build)") {
		t.Fatalf("exit %d, want 0 and the re-derivation note\n%s%s", code, out, errOut)
	}
	if code, o, e := runEnv(t, ociEnv(t), "verify", "--plain-http", "oci://"+reg.Host+"/capi/bootstrap-tiny", "--key", pub); code != ExitOK {
		t.Fatalf("verify --key of the re-derived signature: exit %d\n%s%s", code, o, e)
	}
	st := referrerStatement(t, reg.Host+"/capi/bootstrap-tiny", pub)
	if strings.Contains(st, "gitCommit") || strings.Contains(st, "trusted/repo") || !strings.Contains(st, "buildtypes/republish/v1") {
		t.Errorf("the re-derived statement carries the bundle's claims or is not a republish statement:\n%s", st)
	}
}

// referrerStatement is the statement of the one bundle attached to repo:v1.0.0 that
// verifies with the public key file pub.
func referrerStatement(t *testing.T, repo, pub string) string {
	t.Helper()
	key, err := sign.ReadPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	bundles, err := oci.NewReader(regclient.Remote{PlainHTTP: true}, repo, "").Bundles(context.Background(), "v1.0.0")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, b := range bundles {
		if st, err := sign.Verify("referrer", b, sign.Policy{Key: key}); err == nil {
			data, _ := json.Marshal(st)
			out = append(out, string(data))
		}
	}
	if len(out) != 1 {
		t.Fatalf("%d of %d referrers verify with %s, want one", len(out), len(bundles), pub)
	}
	return out[0]
}

// TestVerifyAndMirrorRefuseASubjectOutsideTheFolder: a statement that names a subject
// by a path out of the version folder (or an absolute one) is refused by verify
// --key and mirror --verify-key, even signed with the right key.
func TestVerifyAndMirrorRefuseASubjectOutsideTheFolder(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	resignWith(t, dir, ownKey(t, dir), testPassword, escaping)
	want := `names a subject "../../etc/passwd"`
	if code, out, errOut := run(t, "verify", filepath.Dir(filepath.Dir(dir)), "--key", pub); code != ExitFindings || !strings.Contains(out+errOut, want) {
		t.Errorf("verify --key: exit %d, want 1 and %q\n%s%s", code, want, out, errOut)
	}
	out, code, log := mirrorSigned(t, dir, pub)
	if code != ExitFindings || !strings.Contains(log, want) {
		t.Errorf("mirror --verify-key: exit %d, want 1 and %q\n%s", code, want, log)
	}
	if _, err := os.Stat(filepath.Join(out, "bootstrap-tiny", "v1.0.0")); !os.IsNotExist(err) {
		t.Errorf("the refused version was written: %v", err)
	}
}

// TestPublishVerifyKeyChecksTheInput: every publish command given --verify-key checks
// each release against its bundle before anything is published: a changed file or an
// unsigned build is refused (exit 1, the file named) and nothing is written.
func TestPublishVerifyKeyChecksTheInput(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	dist := filepath.Dir(filepath.Dir(dir))
	repo := filepath.Join(t.TempDir(), "repo")
	if code, out, errOut := run(t, "publish", "local", "--from", dist, "--to", repo, "--verify-key", pub); code != ExitOK {
		t.Fatalf("a signed build: exit %d\n%s%s", code, out, errOut)
	}
	appendTo(t, filepath.Join(dir, "metadata.yaml"), "# changed\n")
	for name, from := range map[string]string{"changed file": dist, "unsigned build": builtTiny(t)} {
		to := filepath.Join(t.TempDir(), "repo")
		code, out, errOut := run(t, "publish", "local", "--from", from, "--to", to, "--verify-key", pub)
		want := map[string]string{"changed file": "metadata.yaml: changed after signing", "unsigned build": "no signature bundle " + bundleName}[name]
		if code != ExitFindings || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d, want %d and %q\n%s%s", name, code, ExitFindings, want, out, errOut)
		}
		if _, err := os.Stat(to); !os.IsNotExist(err) {
			t.Errorf("%s: the refused set was published (%v)", name, err)
		}
	}
}

// TestMirrorSignsOnlyWithToOCI: --sign-key signs --to-oci's artifacts; without
// --to-oci it is a usage error.
func TestMirrorSignsOnlyWithToOCI(t *testing.T) {
	t.Parallel()
	code, _, errOut := runMirror(t, nil, "--out", t.TempDir(), "--bootstrap", "kubeadm:v1.0.0", "--cert-manager", "", "--sign-key", "k.key")
	if code != ExitUsage || !strings.Contains(errOut, "give --to-oci") {
		t.Errorf("exit %d, want %d naming --to-oci\n%s", code, ExitUsage, errOut)
	}
}
