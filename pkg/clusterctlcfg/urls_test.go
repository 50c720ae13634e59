package clusterctlcfg

import (
	"fmt"
	"strings"
	"testing"
)

// TestReadLocalAsClusterctl: a URL is expanded from getenv and split as clusterctl's
// local repository splits it, with clusterctl's own refusals.
func TestReadLocalAsClusterctl(t *testing.T) {
	t.Parallel()
	env := func(k string) string { return map[string]string{"MIRROR": "/srv/capi"}[k] }
	cases := []struct {
		url, want, err string
		local          bool
	}{
		{url: "file:///m/infrastructure-foo/v1.0.0/infrastructure-components.yaml", want: "/m infrastructure-foo v1.0.0 infrastructure-components.yaml", local: true},
		{url: "/m/infrastructure-foo/latest/c.yaml", want: "/m infrastructure-foo latest c.yaml", local: true},
		{url: "file://${MIRROR}/infrastructure-foo/v1.0.0/c.yaml", want: "/srv/capi infrastructure-foo v1.0.0 c.yaml", local: true},
		{url: "file://${MIRROR:=/default}/infrastructure-foo/v1.0.0/c.yaml", want: "/srv/capi infrastructure-foo v1.0.0 c.yaml", local: true},
		{url: "https://github.com/acme/foo/releases/latest/infrastructure-components.yaml"},
		{url: "m/infrastructure-foo/v1.0.0/c.yaml", err: "must be an absolute path", local: true},
		{url: "/m/infrastructure-bar/v1.0.0/c.yaml", err: `must contain provider "infrastructure-foo"`, local: true},
		{url: "/m/infrastructure-foo/dev/c.yaml", err: `invalid version: "dev"`, local: true},
		{url: "file://${MIRROR/infrastructure-foo/v1.0.0/c.yaml", err: "unable to evaluate url", local: true},
	}
	for _, c := range cases {
		e := Entry{Provider: Provider{URL: c.url}}
		e.Name, e.Type = "foo", "InfrastructureProvider"
		l, local, err := e.ReadLocal(env)
		got := strings.Join([]string{l.Base, l.Label, l.Version, l.File}, " ")
		if local != c.local || (c.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.err) || c.err == "" && c.local && got != c.want {
			t.Errorf("%s: %q local %v err %v; want %q local %v err %q", c.url, got, local, err, c.want, c.local, c.err)
		}
	}
}

// TestEntriesAndRelink: Entries lists providers and cert-manager with their lines;
// Relink moves the local URLs whose files the root holds (cert-manager's read at its
// version: key) and keeps the rest, the comments and the other keys.
func TestEntriesAndRelink(t *testing.T) {
	t.Parallel()
	cfg, err := parse("c.yaml", []byte(`# comment
providers:
  - name: foo
    type: InfrastructureProvider
    url: file:///old/infrastructure-foo/v1.0.0/infrastructure-components.yaml # inline
  - {name: gone, type: BootstrapProvider, url: /old/bootstrap-gone/v1.0.0/bootstrap-components.yaml}
  - {name: gh, type: BootstrapProvider, url: "https://github.com/acme/gh/releases/latest/bootstrap-components.yaml"}
cert-manager:
  url: file:///old/cert-manager/latest/cert-manager.yaml
  version: v1.21.1
  timeout: 10m
images:
  all: {repository: registry.internal/capi}
`))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range cfg.Entries() {
		lines = append(lines, fmt.Sprintf("%s@%d", e.Label(), e.Line))
	}
	if got := strings.Join(lines, " "); got != "infrastructure-foo@5 bootstrap-gone@6 bootstrap-gh@7 cert-manager@9" {
		t.Errorf("entries %s", got)
	}
	has := map[string]bool{"/new/infrastructure-foo/v1.0.0/infrastructure-components.yaml": true, "/new/cert-manager/v1.21.1/cert-manager.yaml": true}
	moved, kept := cfg.Relink("/new", func(e Entry, l LocalPath) bool { l = e.Reads(l); return has[l.Dir()+"/"+l.File] })
	if len(moved) != 2 || moved[0].To != "file:///new/infrastructure-foo/v1.0.0/infrastructure-components.yaml" || moved[1].To != "file:///new/cert-manager/latest/cert-manager.yaml" {
		t.Errorf("moved %+v", moved)
	}
	if len(kept) != 1 || kept[0].Label != "bootstrap-gone" || !strings.Contains(kept[0].Why, "/new has no bootstrap-gone/v1.0.0/bootstrap-components.yaml") {
		t.Errorf("kept %+v", kept)
	}
	out, _ := cfg.Bytes()
	for _, want := range []string{"# comment", "# inline", "timeout: 10m", "repository: registry.internal/capi", "url: /old/bootstrap-gone/", "https://github.com/acme/gh/"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("relinked config lacks %q:\n%s", want, out)
		}
	}
}

// TestReadLocalKeepsExpandedSecrets: clusterctl's refusals quote the URL as written,
// never its ${VAR} values (a password in a URL that does not parse once expanded, an
// expanded local path that fails the path checks).
func TestReadLocalKeepsExpandedSecrets(t *testing.T) {
	t.Parallel()
	const secret = "S3CRET"
	env := func(k string) string {
		return map[string]string{"GL_PASS": "p%zz" + secret, "PORTPASS": "ab/" + secret, "DIR": "rel" + secret, "BASE": "/m" + secret}[k]
	}
	for url, want := range map[string]string{
		"https://deploy:${GL_PASS}@gitlab.example.com/api/v4/projects/1/packages/generic/x/v1.0.0/c.yaml":  "failed to parse repository url \"https://deploy:${GL_PASS}@",
		"https://deploy:${PORTPASS}@gitlab.example.com/api/v4/projects/1/packages/generic/x/v1.0.0/c.yaml": "failed to parse repository url \"https://deploy:${PORTPASS}@",
		"${DIR}/infrastructure-foo/v1.0.0/c.yaml":                                                          "path \"${DIR}/infrastructure-foo/v1.0.0/c.yaml\" must be an absolute path",
		"${BASE}/infrastructure-bar/v1.0.0/c.yaml":                                                         "path \"${BASE}/infrastructure-bar/v1.0.0/c.yaml\" must contain provider",
	} {
		e := Entry{Provider: Provider{URL: url}}
		e.Name, e.Type = "foo", "InfrastructureProvider"
		_, local, err := e.ReadLocal(env)
		if !local || err == nil || strings.Contains(err.Error(), secret) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: local %v, err %v; want %q without the expanded values", url, local, err, want)
		}
	}
	e := Entry{Provider: Provider{URL: "file:///m/%zz/infrastructure-foo/v1.0.0/c.yaml"}}
	e.Name, e.Type = "foo", "InfrastructureProvider"
	if _, _, err := e.ReadLocal(env); err == nil || !strings.Contains(err.Error(), `invalid URL escape "%zz"`) || strings.Count(err.Error(), "/m/%zz/") != 1 {
		t.Errorf("a URL with no ${VAR}: %v; want it quoted once, with the reason", err)
	}
}
