package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const good = `providers:
- name: sample
  type: InfrastructureProvider
  components:
    kustomize: config/default
  metadata: metadata.yaml
  templates:
  - path: templates
  - flavor: ""
    kustomize: templates/base
`

func write(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "capirepo.yaml")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadGood(t *testing.T) {
	t.Parallel()
	path := write(t, good)
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Providers[0]
	if p.ComponentsFile != "infrastructure-components.yaml" || p.Line != 2 {
		t.Errorf("defaults: componentsFile=%q line=%d", p.ComponentsFile, p.Line)
	}
	if got, want := c.Abs(p.Components.Kustomize), filepath.Join(filepath.Dir(path), "config/default"); got != want {
		t.Errorf("Abs = %q, want %q", got, want)
	}
}

func TestLoadBad(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, body, want string }{
		{"unknown key", strings.Replace(good, "metadata: metadata.yaml", "metdata: metadata.yaml", 1), `line 6: unknown key "metdata"`},
		{"bad type", strings.Replace(good, "InfrastructureProvider", "InfraProvider", 1), `type: "InfraProvider" is not one of`},
		{"upper name", strings.Replace(good, "name: sample", "name: Sample", 1), "must be lower case"},
		{"dotted name", strings.Replace(good, "name: sample", "name: a.b", 1), "DNS-1123 label"},
		{"core name", strings.Replace(good, "name: sample", "name: cluster-api", 1), "must be used with type CoreProvider"},
		{"no components", strings.Replace(good, "    kustomize: config/default\n", "", 1), "set exactly one of kustomize"},
		{"no metadata", strings.Replace(good, "  metadata: metadata.yaml\n", "", 1), "set exactly one of metadata"},
		{"flavor alone", good + "  - flavor: x\n", "exactly one of path"},
		{"flavor with an underscore", good + "  - flavor: a_b\n    path: t\n", "flavor: \"a_b\": use letters, digits"},
		{"flavor with clusterClass", good + "  - flavor: x\n    clusterClass: c\n", "flavor: \"x\" goes with kustomize"},
		{"flavor with path and kustomize", good + "  - flavor: x\n    path: t\n    kustomize: k\n", "exactly one of path"},
		{"extra components named like the main file", good + "  extraComponents:\n  - name: infrastructure-components.yaml\n    file: x.yaml\n", "extraComponents[0].name: \"infrastructure-components.yaml\": use a plain file name"},
		{"syntax", "providers:\n- name: [\n", "capirepo.yaml: line"},
		{"empty", "", "no providers"},
		{"binary", "\x00\x01", "binary content"},
		{"bad loadRestrictor", strings.Replace(good, "  metadata: metadata.yaml", "  loadRestrictor: None\n  metadata: metadata.yaml", 1), `loadRestrictor: "None": want none or rootOnly`},
		{"loadRestrictor on a path entry", good + "  - path: t\n    loadRestrictor: none\n", "loadRestrictor: goes with kustomize"},
		{"absolute components", strings.Replace(good, "kustomize: config/default", "kustomize: /srv/config", 1), "components.kustomize: \"/srv/config\" is an absolute path"},
		{"escaping metadata", strings.Replace(good, "metadata: metadata.yaml", "metadata: ../metadata.yaml", 1), "metadata: \"../metadata.yaml\" leaves the folder"},
		{"remote not http", good + "remoteResources:\n- {url: ftp://x/y.yaml, sha256: " + strings.Repeat("a", 64) + "}\n", "want an http(s) URL"},
		{"remote bad sum", good + "remoteResources:\n- {url: https://x/y.yaml, sha256: abc}\n", "want 64 lower-case hex digits"},
		{"remote twice", good + "remoteResources:\n- {url: https://x/y.yaml, sha256: " + strings.Repeat("a", 64) + "}\n- {url: https://x/y.yaml, sha256: " + strings.Repeat("a", 64) + "}\n", "pinned twice"},
		{"remote file outside", good + "remoteResources:\n- {url: https://x/y.yaml, sha256: " + strings.Repeat("a", 64) + ", file: /tmp/y.yaml}\n", "file: \"/tmp/y.yaml\" is an absolute path"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := Load(write(t, c.body))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Load error = %v, want it to contain %q", err, c.want)
			}
			if !strings.Contains(err.Error(), "capirepo.yaml") {
				t.Errorf("error does not name the file: %v", err)
			}
		})
	}
}

func TestLoadMissing(t *testing.T) {
	t.Parallel()
	_, err := Load(filepath.Join(t.TempDir(), "nope.yaml"))
	if err == nil || !strings.Contains(err.Error(), "nope.yaml: config file not found") {
		t.Fatalf("err = %v", err)
	}
}

func TestLoadIfPresent(t *testing.T) {
	t.Parallel()
	if c, err := LoadIfPresent(filepath.Join(t.TempDir(), "nope.yaml")); c != nil || err != nil {
		t.Errorf("absent: %v, %v; want nil and no error", c, err)
	}
	if c, err := LoadIfPresent(write(t, good)); c == nil || err != nil {
		t.Errorf("present: %v, %v; want the config", c, err)
	}
	if _, err := LoadIfPresent(write(t, "providers: [")); err == nil {
		t.Error("a broken config that is present: no error")
	}
}

// remoteResources errors name the entry's line, as provider errors do.
func TestRemoteResourceErrorsNameTheLine(t *testing.T) {
	t.Parallel()
	sum := strings.Repeat("a", 64)
	body := good + "remoteResources:\n- {url: https://x/a.yaml, sha256: " + sum + "}\n- {url: https://x/b.yaml, sha256: abc}\n"
	line := strings.Count(good, "\n") + 3
	_, err := Load(write(t, body))
	want := fmt.Sprintf("capirepo.yaml:%d: remoteResources[1]: sha256", line)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Load error = %v, want it to contain %q", err, want)
	}
}

// TestVersionKey: version: 1 (or none) is read; another version is refused naming it.
func TestVersionKey(t *testing.T) {
	t.Parallel()
	body := "providers:\n- {name: sample, type: InfrastructureProvider, components: {kustomize: config}, metadata: metadata.yaml}\n"
	for _, v := range []string{"", "version: 1\n"} {
		c, err := Parse("capirepo.yaml", []byte(v+body))
		if err == nil {
			err = c.Validate()
		}
		if err != nil {
			t.Errorf("%q: %v", v, err)
		}
	}
	c, err := Parse("capirepo.yaml", []byte("version: 2\n"+body))
	if err == nil {
		err = c.Validate()
	}
	if err == nil || !strings.Contains(err.Error(), "version: 2: this capirepo reads version 1") {
		t.Errorf("version: 2: %v", err)
	}
}
