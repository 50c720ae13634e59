package release

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

func good() *Release {
	return &Release{Provider: layout.Provider{Type: "InfrastructureProvider", Name: "x"}, Version: layout.MustParseVersion("v1.0.0"), ComponentsFile: "infrastructure-components.yaml",
		Files: []File{{Name: "metadata.yaml", Data: []byte("m")}, {Name: "infrastructure-components.yaml", Data: []byte("c")}}}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	if err := good().Validate(); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		edit func(*Release)
		want string
	}{
		{"bad version", func(r *Release) { r.Version = layout.NamedVersion("1.0") }, `no "v" prefix`},
		{"bad name", func(r *Release) { r.Name = "X" }, "lower case"},
		{"no metadata", func(r *Release) { r.Files = r.Files[1:] }, "no metadata.yaml"},
		{"no components", func(r *Release) { r.Files = r.Files[:1] }, "no infrastructure-components.yaml"},
		{"escaping name", func(r *Release) { r.Files = append(r.Files, File{Name: "../x"}) }, "not allowed"},
		{"duplicate", func(r *Release) { r.Files = append(r.Files, File{Name: "metadata.yaml"}) }, "appears twice"},
		{"names differing in case", func(r *Release) {
			r.Files = append(r.Files, File{Name: "cluster-template-ha.yaml"}, File{Name: "cluster-template-HA.yaml"})
		}, "files cluster-template-ha.yaml and cluster-template-HA.yaml differ only in case"},
	}
	for _, c := range cases {
		r := good()
		c.edit(r)
		if err := r.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
	set := &Set{Releases: []*Release{good(), good()}}
	if err := set.Validate(); err == nil || !strings.Contains(err.Error(), "infrastructure-x v1.0.0 appears twice") {
		t.Errorf("set with a release twice: %v", err)
	}
	if err := (&Set{}).Validate(); err == nil {
		t.Error("empty set accepted")
	}
}

func TestFileHelpers(t *testing.T) {
	t.Parallel()
	r := good()
	r.Sort()
	if r.Files[0].Name != "infrastructure-components.yaml" || r.File("metadata.yaml") == nil || r.File("nope") != nil {
		t.Fatal("Sort/File")
	}
	if got := (File{Data: []byte("abc")}).SHA256(); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Errorf("SHA256 = %s", got)
	}
}
