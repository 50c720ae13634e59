package oci

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

func TestBundleCheckVersions(t *testing.T) {
	t.Parallel()
	rel := func(name, version string) *release.Release {
		return &release.Release{Provider: layout.Provider{Type: "InfrastructureProvider", Name: name}, Version: layout.NamedVersion(version)}
	}
	same := &release.Set{Releases: []*release.Release{rel("a", "v1.0.0"), rel("b", "v1.0.0")}}
	mixed := &release.Set{Releases: []*release.Release{rel("a", "v1.0.0"), rel("b", "v1.1.0")}}
	if err := (&Bundle{Name: "all"}).CheckVersions(same, "all"); err != nil {
		t.Errorf("one version: %v", err)
	}
	if err := (&Bundle{Name: "all", Tag: "v2.0.0"}).CheckVersions(mixed, "all:v2.0.0"); err != nil {
		t.Errorf("a tag allows mixed versions: %v", err)
	}
	if err := (*Bundle)(nil).CheckVersions(mixed, ""); err != nil {
		t.Errorf("no bundle: %v", err)
	}
	err := (&Bundle{Name: "all"}).CheckVersions(mixed, "all")
	if err == nil || !strings.Contains(err.Error(), "--bundle all: the providers have different versions") || !strings.Contains(err.Error(), "v1.1.0") || !strings.Contains(err.Error(), "--bundle all:TAG") {
		t.Errorf("mixed versions without a tag = %v", err)
	}
}
