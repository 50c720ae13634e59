package metadata

import (
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

func TestSeriesFor(t *testing.T) {
	t.Parallel()
	m := &Metadata{ReleaseSeries: []Series{{1, 0, "v1beta1"}, {1, 1, "v1beta1"}, {1, 1, "v1beta2"}}}
	cases := []struct {
		name, version string
		want          *Series
	}{
		{"patch ignored", "v1.0.7", &m.ReleaseSeries[0]},
		{"no v prefix", "1.0.0", &m.ReleaseSeries[0]},
		{"pre-release ignored", "v1.1.0-rc.1", &m.ReleaseSeries[1]},
		{"first of duplicates wins", "v1.1.2", &m.ReleaseSeries[1]},
		{"no series", "v2.0.0", nil},
		{"not a version", "latest", nil},
		{"two components", "v1.0", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := m.SeriesFor(layout.NamedVersion(c.version)); got != c.want {
				t.Errorf("SeriesFor(%q) = %v, want %v", c.version, got, c.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	parsed, err := Parse("good.yaml", readFixture(t, "lint/good.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	v1beta2 := &Metadata{ReleaseSeries: []Series{{1, 1, "v1beta1"}, {2, 0, "v1beta2"}}}
	badContract := &Metadata{ReleaseSeries: []Series{{1, 0, "v1"}}}
	cases := []struct {
		name string
		m    *Metadata
		opts CheckOptions
		want []string // rule:line
		text []string // substrings of the messages
	}{
		{name: "series matches", m: parsed, opts: CheckOptions{Version: layout.NamedVersion("v1.1.3"), Published: []string{"v0.1.0", "v1.0.0", "v1.1.2"}, CRDContracts: []string{"v1beta1"}}, want: []string{}},
		{name: "no series for the version", m: parsed, opts: CheckOptions{Version: layout.NamedVersion("v1.2.0")}, want: []string{"metadata-version-series:4"},
			text: []string{"version v1.2.0 for the provider does not match any release series", "available: [0.1, 0.2, 1.0, 1.1]", "clusterctl init, generate provider and upgrade plan", "capirepo metadata add-series --version v1.2.0 --contract"}},
		{name: "not cumulative", m: parsed, opts: CheckOptions{Version: layout.NamedVersion("v1.1.0"), Published: []string{"v0.3.1", "v0.3.0", "v0.3.0-rc.0", "v0.9.0", "junk", "v0.2.4"}}, want: []string{"metadata-cumulative:4", "metadata-cumulative:4"},
			text: []string{"no series 0.3, yet v0.3.0-rc.0, v0.3.0, v0.3.1 were released", `"version v0.3.1 (the current version)`, "upgrade plan reads the newest metadata.yaml", "add-series --version v0.3.0-rc.0", "no series 0.9, yet v0.9.0"}},
		{name: "newer published versions are not this file's business", m: parsed, opts: CheckOptions{Version: layout.NamedVersion("v1.0.5"), Published: []string{"v1.1.0", "v1.2.0", "v1.0.5"}}, want: []string{}},
		{name: "no version checks every published one", m: parsed, opts: CheckOptions{Published: []string{"v1.1.0", "v3.0.0"}}, want: []string{"metadata-cumulative:4"}},
		{name: "CRDs implement another contract", m: parsed, opts: CheckOptions{Version: layout.NamedVersion("v1.1.0"), CRDContracts: []string{"v1beta2"}}, want: []string{"metadata-crd-contract:14"},
			text: []string{"declares contract v1beta1 but the provider's CRDs are labelled cluster.x-k8s.io/v1beta2"}},
		{name: "a named provider's CRDs", m: v1beta2, opts: CheckOptions{Version: layout.NamedVersion("v2.0.0"), CRDContracts: []string{"v1beta1"}, Provider: "bootstrap-kubeadm"}, want: []string{"metadata-contract-v1beta2:0", "metadata-crd-contract-compat:0"},
			text: []string{"declares contract v1beta2 but the CRDs of bootstrap-kubeadm are labelled cluster.x-k8s.io/v1beta1"}},
		{name: "v1beta2 release with v1beta1 labels", m: v1beta2, opts: CheckOptions{Version: layout.NamedVersion("v2.0.0"), CRDContracts: []string{"v1beta1"}}, want: []string{"metadata-contract-v1beta2:0", "metadata-crd-contract-compat:0"},
			text: []string{"also read the v1beta1 label, so this works today", "about v1.16"}},
		{name: "v1beta2 needs clusterctl 1.11", m: v1beta2, opts: CheckOptions{Version: layout.NamedVersion("v2.0.0"), CRDContracts: []string{"v1beta1", "v1beta2"}}, want: []string{"metadata-contract-v1beta2:0"},
			text: []string{"clusterctl ≤v1.10 rejects it", "latest"}},
		{name: "historical contract for the release", m: parsed, opts: CheckOptions{Version: layout.NamedVersion("v0.2.9")}, want: []string{"metadata-contract-support:8"}, text: []string{"v0.2.9 declares contract v1alpha4"}},
		{name: "contract string invalid", m: badContract, opts: CheckOptions{Version: layout.NamedVersion("v1.0.0"), CRDContracts: []string{"v1beta1"}}, want: []string{"metadata-contract:0"}},
		{name: "version not semver", m: parsed, opts: CheckOptions{Version: layout.NamedVersion("main")}, want: []string{"metadata-version-series:0"}, text: []string{`"main" is not a SemVer version`}},
		{name: "nil metadata", m: nil, opts: CheckOptions{Version: layout.NamedVersion("v0.1.0")}, want: []string{"metadata-version-series:0"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			found := Check("metadata.yaml", c.m, c.opts)
			if got := ruleLines(found); !slices.Equal(got, c.want) {
				t.Errorf("Check() = %v, want %v\n%v", got, c.want, found)
			}
			all := ""
			for _, f := range found {
				all += f.Message + "\n"
			}
			for _, w := range c.text {
				if !strings.Contains(all, w) {
					t.Errorf("Check() messages %q lack %q", all, w)
				}
			}
		})
	}
}

func TestValidateReportsOnce(t *testing.T) {
	t.Parallel()
	data := readFixture(t, "lint/bad-contract.yaml")
	found := Validate("bad-contract.yaml", data, CheckOptions{Version: layout.NamedVersion("v0.4.0"), Published: []string{"v0.1.0"}})
	want := []string{"metadata-contract:4", "metadata-contract:7", "metadata-version-series:3"}
	if got := ruleLines(found); !slices.Equal(got, want) {
		t.Errorf("Validate() = %v, want %v\n%v", got, want, found)
	}
	fatal := Validate("string-major.yaml", readFixture(t, "lint/string-major.yaml"), CheckOptions{Version: layout.NamedVersion("v9.0.0")})
	if got := ruleLines(fatal); !slices.Equal(got, []string{"metadata-series-value:4"}) {
		t.Errorf("Validate() on an unparsable file = %v, want only the Lint finding", got)
	}
}
