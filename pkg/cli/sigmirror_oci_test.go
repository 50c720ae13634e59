package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	regclient "github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/registry"
	"github.com/capirepo/capirepo/pkg/testsupport/sigstore"
)

// TestMirrorToOCIAttachesTheBundleAsAReferrer: mirror --to-oci of a signed upstream
// pushes the artifact without the bundle as a layer and attaches the upstream's bundle
// as a referrer, which verify --key reads; a re-run attaches nothing more.
func TestMirrorToOCIAttachesTheBundleAsAReferrer(t *testing.T) {
	t.Parallel()
	dir, pub := signedBuild(t)
	reg := registry.New(t)
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: tiny, type: BootstrapProvider, url: \"file://"+filepath.Dir(filepath.Dir(dir))+"/bootstrap-tiny/v1.0.0/bootstrap-components.yaml\"}\n")
	args := []string{"--out", t.TempDir(), "--from-config", from, "--cert-manager", "", "--verify-key", pub, "--plain-http", "--to-oci", reg.Host + "/capi"}
	for run := range 2 {
		if code, stdout, stderr := runMirror(t, ociEnv(t), args...); code != ExitOK {
			t.Fatalf("mirror --to-oci (run %d): exit %d\n%s%s", run+1, code, stdout, stderr)
		}
	}
	r := oci.NewReader(regclient.Remote{PlainHTTP: true}, reg.Host+"/capi/bootstrap-tiny", "")
	names, err := r.Files(context.Background(), "v1.0.0")
	if err != nil || strings.Contains(strings.Join(names, " "), ".sigstore.json") {
		t.Errorf("artifact layers %v (%v): the bundle must be no layer", names, err)
	}
	bundles, err := r.Bundles(context.Background(), "v1.0.0")
	want, _ := os.ReadFile(filepath.Join(dir, bundleName))
	if err != nil || len(bundles) != 1 || !bytes.Equal(bundles[0], want) {
		t.Fatalf("referrers after two runs: %d bundles (%v), want the upstream's one", len(bundles), err)
	}
	if code, out, errOut := runEnv(t, ociEnv(t), "verify", "--plain-http", "oci://"+reg.Host+"/capi/bootstrap-tiny", "--key", pub); code != ExitOK {
		t.Errorf("verify --key of the mirrored artifact: exit %d\n%s%s", code, out, errOut)
	}
}

// TestMirrorToOCISignKeyVerifiesUnderItself: mirror --to-oci --sign-key without
// --verify-key verifies the upstream's bundle under the signing key itself: another
// key's upstream is refused (exit 1, the bundle named) and nothing is pushed, unless
// --rederive, which signs a statement re-derived from the downloaded files.
func TestMirrorToOCISignKeyVerifiesUnderItself(t *testing.T) {
	t.Parallel()
	dir, _ := signedBuild(t)
	priv, _ := sigstore.KeyPair(t, "")
	mirrorKey := filepath.Join(t.TempDir(), "mirror.key")
	writeFile(t, mirrorKey, priv)
	from := writeText(t, filepath.Join(t.TempDir(), "clusterctl.yaml"),
		"providers:\n- {name: tiny, type: BootstrapProvider, url: \"file://"+filepath.Dir(filepath.Dir(dir))+"/bootstrap-tiny/v1.0.0/bootstrap-components.yaml\"}\n")
	for _, rederive := range []bool{false, true} {
		reg := registry.New(t)
		args := []string{"--out", t.TempDir(), "--from-config", from, "--cert-manager", "", "--plain-http", "--to-oci", reg.Host + "/capi", "--sign-key", mirrorKey}
		if rederive {
			args = append(args, "--rederive")
		}
		code, stdout, stderr := runMirror(t, ociEnv(t), args...)
		switch {
		case !rederive && (code != ExitFindings || !strings.Contains(stderr, bundleName+": ") || reg.TotalUploads() != 0):
			t.Errorf("another key's upstream: exit %d (want 1 naming the bundle), %d blob(s) pushed\n%s%s", code, reg.TotalUploads(), stdout, stderr)
		case rederive && code != ExitOK:
			t.Errorf("--rederive: exit %d\n%s%s", code, stdout, stderr)
		}
	}
}
