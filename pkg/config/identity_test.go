package config

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	yaml "go.yaml.in/yaml/v3"
)

// A provider's name and type come from the embedded layout.Provider: decoding, strict
// unknown-key errors with their line, and the encoding are those of the former
// Name/Type fields.
func TestProviderIdentityEncoding(t *testing.T) {
	t.Parallel()
	in := "providers:\n- name: a\n  type: InfrastructureProvider\n  components:\n    file: c.yaml\n  metadata: m.yaml\n"
	c, err := Parse("capirepo.yaml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	p := c.Providers[0]
	if p.Provider != (layout.Provider{Name: "a", Type: layout.InfrastructureProvider}) || p.Line != 2 || p.Label() != "infrastructure-a" {
		t.Errorf("decoded %+v (line %d, label %s)", p.Provider, p.Line, p.Label())
	}
	out, err := yaml.Marshal(p)
	want := `name: a
type: InfrastructureProvider
componentsFile: ""
components:
    kustomize: ""
    file: c.yaml
    allowNoNamespace: false
    images: []
    imagePullPolicy: ""
    loadRestrictor: ""
metadata: m.yaml
releaseSeries: []
extraComponents: []
templates: []
files: []
loadRestrictor: ""
published: ""
`
	if err != nil || string(out) != want {
		t.Errorf("encoded %v:\n%s\nwant:\n%s", err, out, want)
	}
	_, err = Parse("capirepo.yaml", []byte("providers:\n- name: a\n  tpye: CoreProvider\n"))
	if msg := `capirepo.yaml: line 3: unknown key "tpye" (check spelling; see docs/config.md)`; err == nil || err.Error() != msg {
		t.Errorf("unknown key: %v, want %s", err, msg)
	}
}
