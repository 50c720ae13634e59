package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/buildinfo"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// runBuilt runs the command line as a binary whose build information is bi (and
// whose Version was not set at link time), with the variables env.
func runBuilt(t *testing.T, bi *debug.BuildInfo, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), args, Env{Getenv: MapEnv(env), Stdout: &out, Stderr: &errOut,
		BuildInfo: func() *debug.BuildInfo { return bi }})
	return code, out.String(), errOut.String()
}

// TestVersionFromBuildInfo: without a link-time version, `version` prints the module
// version (go install …@vX.Y.Z) or the commit, and -o json says which it was.
func TestVersionFromBuildInfo(t *testing.T) {
	t.Parallel()
	installed := &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "v9.8.7"}}
	if code, out, errOut := runBuilt(t, installed, nil, "version"); code != ExitOK || out != "v9.8.7\n" {
		t.Errorf("version of go install …@v9.8.7: exit %d, %q %s; want v9.8.7", code, out, errOut)
	}
	commit := &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abcdef0123456789abcdef0123456789abcdef01"}, {Key: "vcs.modified", Value: "true"}}}
	code, out, errOut := runBuilt(t, commit, nil, "version", "-o", "json")
	var got buildinfo.Info
	if err := json.Unmarshal([]byte(out), &got); code != ExitOK || err != nil {
		t.Fatalf("version -o json: exit %d, %v: %s %s", code, err, out, errOut)
	}
	want := buildinfo.Info{Version: "dev+abcdef012345.dirty", Source: buildinfo.SourceVCS, Revision: "abcdef0123456789abcdef0123456789abcdef01",
		Modified: true, Go: "go1.26.1", Platform: got.Platform}
	if got != want || got.Platform == "" {
		t.Errorf("version -o json = %+v, want %+v", got, want)
	}
	if code, _, errOut := runBuilt(t, commit, nil, "version", "--output", "yaml"); code != ExitUsage || !strings.Contains(errOut, `--output "yaml"`) {
		t.Errorf("version --output yaml: exit %d, %s; want a usage error", code, errOut)
	}
}

// TestProvenanceRecordsTheVersionCommand: a signed build's provenance names as
// builder.version the very value `capirepo version` prints.
func TestProvenanceRecordsTheVersionCommand(t *testing.T) {
	t.Parallel()
	bi := &debug.BuildInfo{Main: debug.Module{Version: "v9.8.7"}}
	root := sampleTree(t, nil)
	priv, pubPEM := sigstore.KeyPair(t, testPassword)
	key := filepath.Join(root, "k.key")
	writeFile(t, key, priv)
	out := filepath.Join(root, "dist")
	env := map[string]string{"COSIGN_PASSWORD": testPassword, "SOURCE_DATE_EPOCH": "1700000000"}
	if code, stdout, stderr := runBuilt(t, bi, env, "build", "--config", filepath.Join(root, "capirepo.yaml"), "--version", "v1.0.0", "--out", out, "--sign-key", key); code != ExitOK {
		t.Fatalf("signed build: exit %d: %s %s", code, stdout, stderr)
	}
	bundle, err := os.ReadFile(filepath.Join(out, "bootstrap-tiny", "v1.0.0", "bootstrap-tiny-v1.0.0.sigstore.json"))
	if err != nil {
		t.Fatal(err)
	}
	pub, err := sign.ParsePublicKey("k.pub", pubPEM)
	if err != nil {
		t.Fatal(err)
	}
	st, err := sign.Verify("bundle", bundle, sign.Policy{Key: pub})
	if err != nil {
		t.Fatal(err)
	}
	builder, _ := st.GetPredicate().AsMap()["runDetails"].(map[string]any)["builder"].(map[string]any)
	recorded, _ := builder["version"].(map[string]any)["capirepo"].(string)
	_, printed, _ := runBuilt(t, bi, nil, "version")
	if recorded != "v9.8.7" || recorded+"\n" != printed {
		t.Errorf("provenance builder.version %q, capirepo version %q; want both v9.8.7", recorded, printed)
	}
}
