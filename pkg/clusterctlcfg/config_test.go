package clusterctlcfg

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

const handMade = `# managed by hand
images:
  all:
    repository: old.example.com/capi
  infrastructure-foo: {tag: v9.9.9}
providers:
  - name: vsphere # someone else's
    type: InfrastructureProvider
    url: https://github.com/kubernetes-sigs/cluster-api-provider-vsphere/releases/latest/infrastructure-components.yaml
  - name: foo
    type: InfrastructureProvider
    url: file:///elsewhere/infrastructure-foo/latest/infrastructure-components.yaml # moved
cert-manager:
  version: v1.16.0
  timeout: 15m
github-token: kept
`

func TestEditsKeepForeignEntriesAndKeys(t *testing.T) {
	t.Parallel()
	c, err := parse("clusterctl.yaml", []byte(handMade))
	if err != nil {
		t.Fatal(err)
	}
	foo := Local("/srv/repo", layout.Provider{Name: "foo", Type: layout.InfrastructureProvider}, "v1.0.1", "infrastructure-components.yaml")
	kubeadm := Local("/srv/repo", layout.Provider{Name: "kubeadm", Type: layout.BootstrapProvider}, "latest", "bootstrap-components.yaml")
	if err := c.SetProviders(foo, kubeadm); err != nil {
		t.Fatal(err)
	}
	c.SetCertManager("file:///srv/repo/cert-manager/v1.20.2/cert-manager.yaml", "v1.20.2")
	c.SetImagesRepository("mirror.local/capi")
	data, err := c.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	out := string(data)
	for _, want := range []string{"# managed by hand", "name: vsphere # someone else's", "cluster-api-provider-vsphere", "timeout: 15m",
		"version: v1.20.2", "infrastructure-foo: {tag: v9.9.9}", "repository: mirror.local/capi", "github-token: kept",
		"url: " + foo.URL, "name: kubeadm", "# moved"} {
		if !strings.Contains(out, want) {
			t.Errorf("edited clusterctl.yaml lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "/elsewhere/") || strings.Count(out, "name: foo") != 1 || strings.Contains(out, "old.example.com") {
		t.Errorf("entries were not updated in place:\n%s", out)
	}
	if url, v := c.CertManager(); v != "v1.20.2" || !strings.HasSuffix(url, "cert-manager.yaml") {
		t.Errorf("CertManager() = %q, %q", url, v)
	}
}

func TestChanged(t *testing.T) {
	t.Parallel()
	c, _ := parse("clusterctl.yaml", []byte(handMade))
	c.SetCertManager("", "v1.16.0") // url was absent: a change
	if changed, err := c.Changed(); err != nil || !changed {
		t.Errorf("Changed() = %v, %v; want true", changed, err)
	}
	c, _ = parse("clusterctl.yaml", []byte(handMade))
	c.SetImagesRepository("old.example.com/capi")
	if changed, err := c.Changed(); err != nil || changed {
		t.Errorf("Changed() after setting the same value = %v, %v; want false", changed, err)
	}
}

func TestParseRejects(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, content, want string }{
		{"not a mapping", "- a\n- b\n", "not a mapping"},
		{"providers not a list", "providers: {a: 1}\n", "providers (line 1) is not a list"},
		{"not YAML", "a: [\n", "parsing"},
		{"binary", "a: \x00\n", "NUL"},
	}
	for _, tt := range tests {
		c, err := parse("/x/clusterctl.yaml", []byte(tt.content))
		if err == nil {
			err = c.SetProviders(Provider{Provider: layout.Provider{Name: "a", Type: layout.CoreProvider}, URL: "/a/b/c/d"})
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "/x/clusterctl.yaml") {
			t.Errorf("%s: error = %v, want %q naming the file", tt.name, err, tt.want)
		}
	}
}

func TestNewAndSnippet(t *testing.T) {
	t.Parallel()
	ps := []Provider{Local("/srv/repo", layout.Provider{Name: "foo", Type: layout.InfrastructureProvider}, "latest", "infrastructure-components.yaml")}
	data, err := New("Written by capirepo build.", ps)
	if err != nil {
		t.Fatal(err)
	}
	c, err := parse("x", data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Providers()
	if err != nil || len(got) != 1 || got[0] != ps[0] || !strings.HasPrefix(string(data), "# Written by capirepo build.\n") {
		t.Errorf("New() = %q, read back %v, %v", data, got, err)
	}
	want := "providers:\n  - name: \"foo\"\n    type: \"InfrastructureProvider\"\n    url: \"file:///srv/repo/infrastructure-foo/latest/infrastructure-components.yaml\""
	if s := Snippet(ps); s != want {
		t.Errorf("Snippet() = %q, want %q", s, want)
	}
	c, err = parse("snippet", []byte(Snippet(ps)))
	if got, _ := c.Providers(); err != nil || len(got) != 1 || got[0] != ps[0] {
		t.Errorf("the snippet does not parse back: %v, %v", got, err)
	}
}

func TestLoadCapsSize(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "clusterctl.yaml")
	os.WriteFile(path, []byte("providers: []\n"), 0o644)
	if err := os.Truncate(path, MaxSize+1); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), "4 MiB cap") || !strings.Contains(err.Error(), path) {
		t.Errorf("Load() error = %v, want the cap and the file named", err)
	}
}
