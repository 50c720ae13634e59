package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// TestPublishOCIRefusesAnUntaggableVersionAsInput: a set OCI cannot take as it is (a
// version with '+' build metadata cannot be a tag) is an input problem: exit 3, and
// nothing reaches the registry.
func TestPublishOCIRefusesAnUntaggableVersionAsInput(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "dist")
	if code, _, stderr := run(t, "build", "--config", tinyConfig(t, nil), "--version", "v1.0.0+b.1", "--published=", "--out", out); code != ExitOK {
		t.Fatalf("build: %s", stderr)
	}
	reg := registry.New(t)
	code, _, stderr := runEnv(t, ociEnv(t), "publish", "oci", "--from", out, "--to", reg.Host+"/capi", "--plain-http")
	if code != ExitInput || !strings.Contains(stderr, "cannot be an OCI tag") || reg.TotalUploads() != 0 {
		t.Fatalf("exit %d, %d uploads, stderr:\n%s\nwant exit %d, no upload, the version named", code, reg.TotalUploads(), stderr, ExitInput)
	}
}
