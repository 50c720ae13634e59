//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerifyInstallExitCodes: without etcd and kube-apiserver verify --install exits 3
// naming setup-envtest; with a kube-apiserver that exits at once, 4 ("the control
// plane did not start"), leaving no process and no temporary folder.
func TestVerifyInstallExitCodes(t *testing.T) {
	dir := buildSample(t)
	cfg := filepath.Join(t.TempDir(), "clusterctl.yaml")
	if err := os.WriteFile(cfg, []byte("providers: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"verify", dir, "--install", "--clusterctl", "/bin/true", "--clusterctl-config", cfg}
	assets := t.TempDir()
	writeExecutable(t, filepath.Join(assets, "etcd"), "#!/bin/sh\nexec sleep 60\n")
	writeExecutable(t, filepath.Join(assets, "kube-apiserver"), "#!/bin/sh\necho refusing to start >&2\nexit 7\n")
	r := runCapirepo(t, append(args, "--kubebuilder-assets", assets)...)
	if r.code != 3 || !strings.Contains(r.stderr, "--cert-manager-file FILE") || strings.Contains(r.stderr, "did not start") {
		t.Errorf("no cert-manager file: exit %d, want 3 naming --cert-manager-file before anything starts\n%s", r.code, r.stderr)
	}
	args = append(args, "--cert-manager-file", certManagerFile(t))
	r = runCapirepo(t, append(args, "--kubebuilder-assets", t.TempDir())...)
	if r.code != 3 || !strings.Contains(r.stderr, "setup-envtest") {
		t.Errorf("no binaries: exit %d, want 3 naming setup-envtest\n%s", r.code, r.stderr)
	}
	r = runCapirepo(t, append(args, "--kubebuilder-assets", assets)...)
	if r.code != 4 || !strings.Contains(r.stderr, "the control plane did not start") || !strings.Contains(r.stderr, "refusing to start") {
		t.Errorf("a kube-apiserver that exits: exit %d, want 4 with its log\n%s", r.code, r.stderr)
	}
	assertNothingLeft(t, r.tmp)
}

// certManagerFile writes a file holding cert-manager's Issuer and Certificate CRDs.
func certManagerFile(t *testing.T) string {
	var text string
	for _, n := range [][2]string{{"Issuer", "issuers"}, {"Certificate", "certificates"}} {
		text += "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: " + n[1] + ".cert-manager.io}\n" +
			"spec: {group: cert-manager.io, names: {kind: " + n[0] + ", plural: " + n[1] + "}, scope: Namespaced, versions: []}\n"
	}
	path := filepath.Join(t.TempDir(), "cert-manager.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
