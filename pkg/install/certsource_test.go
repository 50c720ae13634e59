package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// certManagerYAML is shaped like cert-manager's release file: a Namespace, its CRDs
// (two groups), and a Deployment; only the CRDs of cert-manager's groups are kept.
const certManagerYAML = `apiVersion: v1
kind: Namespace
metadata: {name: cert-manager}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: issuers.cert-manager.io}
spec: {group: cert-manager.io, names: {kind: Issuer, plural: issuers}, scope: Namespaced, versions: []}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: certificates.cert-manager.io}
spec: {group: cert-manager.io, names: {kind: Certificate, plural: certificates}, scope: Namespaced, versions: []}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: orders.acme.cert-manager.io}
spec: {group: acme.cert-manager.io, names: {kind: Order, plural: orders}, scope: Namespaced, versions: []}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec: {group: example.com, names: {kind: Widget, plural: widgets}, scope: Namespaced, versions: []}
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: things.notcert-manager.io}
spec: {group: notcert-manager.io, names: {kind: Widget, plural: widgets}, scope: Namespaced, versions: []}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: cert-manager, namespace: cert-manager}
`

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The CRDs come from --cert-manager, else from the clusterctl config's cert-manager
// url (file:// as a mirror writes it); only cert-manager's groups are kept.
func TestCertManagerCRDsFromTheRelease(t *testing.T) {
	file := writeFile(t, "cert-manager.yaml", certManagerYAML)
	for name, src := range map[string]func() (string, error){
		"flag":   func() (string, error) { return certManagerSource(file, nil, "") },
		"config": func() (string, error) { return certManagerSource("", cfgURL("file://"+file), "c.yaml") },
	} {
		path, err := src()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		crds, err := readCertManagerCRDs(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []string
		for _, o := range crds {
			got = append(got, o.str("metadata", "name"))
		}
		if strings.Join(got, " ") != "issuers.cert-manager.io certificates.cert-manager.io orders.acme.cert-manager.io" {
			t.Errorf("%s: CRDs %v", name, got)
		}
	}
}

// Without a source, with a remote URL, or with a file lacking Issuer or Certificate,
// the install refuses before starting (exit 3), naming the flag and what to do.
func TestCertManagerCRDsRefusals(t *testing.T) {
	noCert := writeFile(t, "cm.yaml", strings.Replace(certManagerYAML, "certificates.cert-manager.io", "certs.cert-manager.io", 1))
	cases := []struct {
		name string
		run  func() error
		want []string
	}{
		{"none", func() error { _, err := certManagerSource("", nil, ""); return err },
			[]string{"--cert-manager-file FILE", "releases/download/v1.21.1/cert-manager.yaml", "capirepo mirror"}},
		{"remote", func() error {
			_, err := certManagerSource("", cfgURL("https://github.com/cert-manager/cert-manager/releases/download/v1.21.1/cert-manager.yaml"), "c.yaml")
			return err
		}, []string{"c.yaml: cert-manager url", "reaches no network", "--cert-manager-file FILE"}},
		{"no Certificate", func() error { _, err := readCertManagerCRDs(noCert); return err },
			[]string{noCert, "no CRD certificates.cert-manager.io"}},
		{"unreadable", func() error { _, err := readCertManagerCRDs(filepath.Join(t.TempDir(), "absent.yaml")); return err },
			[]string{"cert-manager:", "absent.yaml"}},
	}
	for _, c := range cases {
		err := c.run()
		if !errors.Is(err, ErrMissing) {
			t.Errorf("%s: %v, want ErrMissing", c.name, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q lacks %q", c.name, err, w)
			}
		}
	}
}

func cfgURL(u string) map[string]any {
	return map[string]any{"cert-manager": map[string]any{"url": u}}
}
