package clusterctlcfg

import (
	"encoding/json"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	yaml "go.yaml.in/yaml/v3"
)

// An entry's name and type come from the embedded layout.Provider; decoding a
// clusterctl.yaml and the YAML and JSON encodings are those of the former fields.
func TestProviderIdentityEncoding(t *testing.T) {
	t.Parallel()
	c, err := parse("clusterctl.yaml", []byte("providers:\n  - name: a\n    url: /r/infrastructure-a/latest/c.yaml\n    type: InfrastructureProvider\n"))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := c.Providers()
	want := Provider{Provider: layout.Provider{Name: "a", Type: layout.InfrastructureProvider}, URL: "/r/infrastructure-a/latest/c.yaml"}
	if err != nil || len(ps) != 1 || ps[0] != want || ps[0].Label() != "infrastructure-a" {
		t.Fatalf("Providers() = %+v, %v; want %+v", ps, err, want)
	}
	y, _ := yaml.Marshal(want)
	if s := "name: a\ntype: InfrastructureProvider\nurl: /r/infrastructure-a/latest/c.yaml\n"; string(y) != s {
		t.Errorf("yaml = %q, want %q", y, s)
	}
	j, _ := json.Marshal(want)
	var back Provider
	if s := `{"name":"a","type":"InfrastructureProvider","url":"/r/infrastructure-a/latest/c.yaml"}`; string(j) != s || json.Unmarshal(j, &back) != nil || back != want {
		t.Errorf("json = %s (back %+v), want %s", j, back, s)
	}
	bad := Provider{Provider: layout.Provider{Name: "A", Type: layout.InfrastructureProvider}, URL: want.URL}
	if err, msg := bad.Validate(), `provider A (InfrastructureProvider): provider name "A" must be lower case`; err == nil || err.Error() != msg {
		t.Errorf("Validate() = %v, want %s", err, msg)
	}
}
