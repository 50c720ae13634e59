package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

func TestVerifyOCI(t *testing.T) {
	t.Parallel()
	reg := registry.New(t)
	env := ociEnv(t)
	both := mergeDists(t, buildTinyVersion(t, "v1.0.0", nil), buildTinyVersion(t, "v1.1.0", nil))
	if code, _, errOut := runEnv(t, env, "publish", "oci", "--from", both, "--to", reg.Host+"/capi", "--plain-http"); code != ExitOK {
		t.Fatalf("publish: %s", errOut)
	}
	base := "oci://" + reg.Host + "/capi/bootstrap-tiny"
	code, out, errOut := runEnv(t, env, "verify", "--plain-http", base)
	if code != ExitOK || !strings.Contains(out, "v1.0.0: ") || !strings.Contains(out, "v1.1.0: ") || !strings.Contains(out, "(contract v1beta1): v1.1.0") ||
		!strings.Contains(out, "operator bootstrap-tiny:v1.1.0: metadata from metadata.yaml, components from bootstrap-components.yaml") {
		t.Errorf("verify of the repository: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runEnv(t, env, "verify", "--plain-http", base+":v1.0.0")
	if code != ExitOK || !strings.Contains(out, "v1.0.0: ") || strings.Contains(out, "v1.1.0: ") {
		t.Errorf("verify of one tag: exit %d\n%s%s", code, out, errOut)
	}
	for ref, want := range map[string]int{
		base + "@sha256:0000000000000000000000000000000000000000000000000000000000000000": ExitUsage,
		base + ":v9.9.9": ExitPublish,
	} {
		if code, out, errOut := runEnv(t, env, "verify", "--plain-http", ref); code != want {
			t.Errorf("verify %s: exit %d, want %d\n%s%s", ref, code, want, out, errOut)
		}
	}
}

// An artifact the operator cannot read (clusterctl's runtime-extension file name only)
// fails verify with the operator's view.
func TestVerifyOCIOperatorView(t *testing.T) {
	t.Parallel()
	reg := registry.New(t)
	repo := reg.Host + "/capi/runtime-extension-hooks"
	pushFiles(t, repo, "v0.3.0", map[string]string{
		"metadata.yaml":                     "apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 0, minor: 3, contract: v1beta1}\n",
		"runtime-extension-components.yaml": "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: hooks-system\n",
	})
	code, out, errOut := runEnv(t, ociEnv(t), "verify", "--plain-http", "oci://"+repo)
	if code != ExitFindings || !strings.Contains(out, "operator runtime-extension-hooks:v0.3.0: error: the operator finds no components") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	// JSON keeps stdout for the report; the reason for exit 1 goes to stderr.
	code, out, errOut = runEnv(t, ociEnv(t), "verify", "--format", "json", "--plain-http", "oci://"+repo)
	if code != ExitFindings || !strings.Contains(errOut, "operator runtime-extension-hooks:v0.3.0: error: the operator finds no components") || strings.Contains(out, "operator runtime") {
		t.Fatalf("json: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

// A runtime extension published with publish oci carries the operator's alias layer,
// and verify shows the operator picking it.
func TestPublishOCIRuntimeExtensionVerify(t *testing.T) {
	t.Parallel()
	reg := registry.New(t)
	dir := sampleTree(t, func(f map[string]string) {
		f["capirepo.yaml"] = strings.Replace(f["capirepo.yaml"], "BootstrapProvider", "RuntimeExtensionProvider", 1)
	})
	out := filepath.Join(dir, "dist")
	if code, _, errOut := runEnv(t, ociEnv(t), "build", "--config", filepath.Join(dir, "capirepo.yaml"), "--version", "v1.0.0", "--out", out); code != ExitOK {
		t.Fatalf("build: %s", errOut)
	}
	if code, _, errOut := runEnv(t, ociEnv(t), "publish", "oci", "--from", out, "--to", reg.Host+"/capi", "--plain-http"); code != ExitOK {
		t.Fatalf("publish: %s", errOut)
	}
	code, stdout, errOut := runEnv(t, ociEnv(t), "verify", "--plain-http", "oci://"+reg.Host+"/capi/runtime-extension-tiny")
	if code != ExitOK || !strings.Contains(stdout, "components from runtimeextension-components.yaml") {
		t.Fatalf("verify: exit %d\n%s%s", code, stdout, errOut)
	}
}
