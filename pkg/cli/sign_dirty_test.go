package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// signedPayload is the statement a signed build's bundle signs.
func signedPayload(t *testing.T, dist string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dist, "bootstrap-tiny", "v1.0.0", bundleName))
	if err != nil {
		t.Fatal(err)
	}
	var b struct {
		DsseEnvelope struct{ Payload []byte } `json:"dsseEnvelope"`
	}
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	return string(b.DsseEnvelope.Payload)
}

// TestSignedBuildRecordsTheExactSource: in a git checkout, the statement is the same
// bytes however --config is spelt and names no machine path; a checkout with an
// uncommitted change is refused for signing (exit 3, naming the file) unless
// --allow-dirty, whose statement records the uncommitted state.
func TestSignedBuildRecordsTheExactSource(t *testing.T) {
	t.Parallel()
	root := sampleTree(t, func(f map[string]string) { f[".gitignore"] = "/dist*/\n*.key\n" })
	gitIn(t, root, "init", "-q")
	gitIn(t, root, "remote", "add", "origin", "https://oauth2:SECRET@gitlab.example/g/tiny.git")
	gitIn(t, root, "add", "-A")
	gitIn(t, root, "commit", "-q", "-m", "tiny")
	priv, _ := sigstore.KeyPair(t, "")
	key := filepath.Join(root, "k.key")
	writeFile(t, key, priv)
	wd, _ := os.Getwd()
	relConfig, err := filepath.Rel(wd, filepath.Join(root, "capirepo.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	build := func(config, out string, extra ...string) (int, string) {
		args := append([]string{"build", "--config", config, "--version", "v1.0.0", "--out", filepath.Join(root, out), "--sign-key", key}, extra...)
		code, stdout, stderr := runEnv(t, nil, args...)
		return code, stdout + stderr
	}
	var payloads []string
	for i, config := range []string{filepath.Join(root, "capirepo.yaml"), relConfig} {
		out := "dist-" + string(rune('a'+i))
		if code, msg := build(config, out); code != ExitOK {
			t.Fatalf("--config %s: exit %d\n%s", config, code, msg)
		}
		payloads = append(payloads, signedPayload(t, filepath.Join(root, out)))
	}
	if payloads[0] != payloads[1] {
		t.Errorf("the statement depends on how --config is spelt:\n%s\n%s", payloads[0], payloads[1])
	}
	if strings.Contains(payloads[0], root) || strings.Contains(payloads[0], "SECRET") || !strings.Contains(payloads[0], `"config":"capirepo.yaml"`) ||
		!strings.Contains(payloads[0], `"uri":"git+https://gitlab.example/g/tiny.git"`) {
		t.Errorf("the statement records a machine path, a credential or no relative config:\n%s", payloads[0])
	}
	writeText(t, filepath.Join(root, "config", "all.yaml"), "# changed\n"+readText(t, filepath.Join(root, "config", "all.yaml")))
	if code, msg := build(relConfig, "dist-dirty"); code != ExitInput || !strings.Contains(msg, "config/all.yaml") || !strings.Contains(msg, "--allow-dirty") {
		t.Errorf("dirty checkout: exit %d, want %d naming the changed file and --allow-dirty\n%s", code, ExitInput, msg)
	}
	if _, err := os.Stat(filepath.Join(root, "dist-dirty")); !os.IsNotExist(err) {
		t.Errorf("a refused build wrote its output (%v)", err)
	}
	if code, msg := build(filepath.Join(root, "capirepo.yaml"), "dist-allowed", "--allow-dirty"); code != ExitOK || !strings.Contains(msg, "warning: signing uncommitted changes") {
		t.Fatalf("--allow-dirty: exit %d\n%s", code, msg)
	}
	if p := signedPayload(t, filepath.Join(root, "dist-allowed")); !strings.Contains(p, `"uncommittedChanges":true`) || !strings.Contains(p, `"uncommittedChangesSha256":"`) {
		t.Errorf("the --allow-dirty statement does not record the uncommitted changes:\n%s", p)
	}
}

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
