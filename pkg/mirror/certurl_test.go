package mirror

import "testing"

func TestCertManagerURL(t *testing.T) {
	cases := []struct{ template, version, url, file string }{
		{"https://example.test/releases/{version}/cert-manager.yaml", "v1.2.3", "https://example.test/releases/v1.2.3/cert-manager.yaml", "cert-manager.yaml"},
		{"https://example.test/{version}/cm-{version}.yaml", "v0.1.0", "https://example.test/v0.1.0/cm-v0.1.0.yaml", "cm-v0.1.0.yaml"},
		{"https://example.test/fixed/cm.yaml", "v1.0.0", "https://example.test/fixed/cm.yaml", "cm.yaml"},
	}
	for _, c := range cases {
		url, file := CertManagerURL(c.template, c.version)
		if url != c.url || file != c.file {
			t.Errorf("CertManagerURL(%q, %q) = %q, %q; want %q, %q", c.template, c.version, url, file, c.url, c.file)
		}
	}
}
