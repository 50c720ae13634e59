// Package envtest finds what the install tests run: etcd and kube-apiserver as
// `make install-tools` builds them (bin/envtest-v1.35.4, the folder KUBEBUILDER_ASSETS
// names), clusterctl v1.14.2 and cluster-api's components rendered into bin/capi-v1.14.2,
// and says whether a test may run without a private network namespace (never when
// CAPIREPO_REQUIRE_CLUSTERCTL is set, as make test sets it).
package envtest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tool"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// Versions the Makefile builds.
const (
	Kube       = "v1.35.4"
	Clusterctl = "v1.14.2"
	CAPI       = "v1.14.2"
	// CertManager is the cert-manager release clusterctl v1.14.2 installs; its CRDs
	// are in bin/capi-v1.14.2/cert-manager, and the config names them as a mirror's does.
	CertManager = "v1.21.1"
)

// Tools are the paths an install test needs.
type Tools struct {
	Assets     string // holds etcd and kube-apiserver
	Clusterctl string
	Config     string // a clusterctl.yaml naming cluster-api's core, kubeadm bootstrap and control plane
}

// Find returns the tools, skipping the test without them (failing it when
// CAPIREPO_REQUIRE_CLUSTERCTL is set). The clusterctl config is written into a
// temporary folder and points into the repository's bin/.
func Find(t testing.TB) Tools {
	t.Helper()
	api := tool.Find(t, "kube-apiserver", "envtest-"+Kube+"/kube-apiserver", nil)
	tool.Find(t, "etcd", "envtest-"+Kube+"/etcd", nil)
	ctl := tool.Find(t, "clusterctl", "clusterctl-"+Clusterctl, nil)
	capi := filepath.Join(tree.RepoRoot(t), "bin", "capi-"+CAPI)
	for _, need := range []string{filepath.Join(capi, "cluster-api"), CertManagerCRDs(capi)} {
		if _, err := os.Stat(need); err != nil {
			Missing(t, fmt.Sprintf("no %s: run make install-tools", need))
		}
	}
	return Tools{Assets: filepath.Dir(api.Path), Clusterctl: ctl.Path, Config: writeConfig(t, capi)}
}

func writeConfig(t testing.TB, capi string) string {
	cfg := "providers:\n"
	for _, p := range []struct{ name, typ, label, file string }{
		{"cluster-api", "CoreProvider", "cluster-api", "core-components.yaml"},
		{"kubeadm", "BootstrapProvider", "bootstrap-kubeadm", "bootstrap-components.yaml"},
		{"kubeadm", "ControlPlaneProvider", "control-plane-kubeadm", "control-plane-components.yaml"},
	} {
		cfg += fmt.Sprintf("- name: %s\n  type: %s\n  url: file://%s\n", p.name, p.typ, filepath.Join(capi, p.label, CAPI, p.file))
	}
	cfg += fmt.Sprintf("cert-manager:\n  url: file://%s\n", CertManagerCRDs(capi))
	path := filepath.Join(t.TempDir(), "clusterctl.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// CertManagerCRDs is the cert-manager release's CRDs file under capi (bin/capi-v1.14.2).
func CertManagerCRDs(capi string) string {
	return filepath.Join(capi, "cert-manager", CertManager, "cert-manager-crds.yaml")
}

// Missing skips the test, or fails it when the real tools are required.
func Missing(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CAPIREPO_REQUIRE_CLUSTERCTL") != "" {
		t.Fatal(why)
	}
	t.Skip(why)
}
