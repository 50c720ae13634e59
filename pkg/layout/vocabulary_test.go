package layout

import (
	"encoding/json"
	"strings"
	"testing"
)

// TypeOf is the one reading of a type from a label or a components file name.
func TestTypeOf(t *testing.T) {
	t.Parallel()
	cases := map[string]Type{
		"bootstrap-kubeadm": BootstrapProvider, "control-plane-components.yaml": ControlPlaneProvider,
		"infrastructure-components-development.yaml": InfrastructureProvider, "ipam-in-cluster": IPAMProvider,
		"runtime-extension-components.yaml": RuntimeExtensionProvider, "addon-helm": AddonProvider,
		"core-components.yaml": CoreProvider, "cluster-api": "", "components.yaml": "", "bootstrapper-x": "",
		"controlplane-components.yaml": "",
	}
	for name, want := range cases {
		got, ok := TypeOf(name)
		if got != want || ok != (want != "") {
			t.Errorf("TypeOf(%s) = %q, %v; want %q", name, got, ok, want)
		}
	}
}

func TestReadsAndVersionDir(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		MetadataFile: true, "infrastructure-components.yaml": true, "cluster-template-ha.yaml": true,
		"clusterclass-quick.yaml": true, "infrastructure-components-development.yaml": false, "README.md": false,
		BundleFile("infrastructure-x", "v1.0.0"): false,
	} {
		if got := Reads(name, "infrastructure-components.yaml"); got != want {
			t.Errorf("Reads(%s) = %v, want %v", name, got, want)
		}
	}
	if got := VersionFile("infrastructure-x", "v1.0.0", MetadataFile); got != "infrastructure-x/v1.0.0/metadata.yaml" {
		t.Errorf("VersionFile = %s", got)
	}
	if got := LocalURL("/srv/repo", "infrastructure-x", "latest", "c.yaml"); got != "file:///srv/repo/infrastructure-x/latest/c.yaml" {
		t.Errorf("LocalURL = %s", got)
	}
}

// A Version is parsed once and carries its spelling: it prints, compares and encodes
// without parsing again.
func TestVersionCarriesItsSpelling(t *testing.T) {
	t.Parallel()
	v := MustParseVersion("v1.10.0-rc.1+b.2")
	if v.String() != "v1.10.0-rc.1+b.2" || v.SemVer() != "1.10.0-rc.1+b.2" || v.Canonical() != "v1.10.0-rc.1+b.2" ||
		v.Major() != 1 || v.Minor() != 10 || v.Patch() != 0 || v.Prerelease() != "rc.1" || v.Check() != nil {
		t.Errorf("parts of %s: %s %s %d %d %d %q %v", v, v.SemVer(), v.Canonical(), v.Major(), v.Minor(), v.Patch(), v.Prerelease(), v.Check())
	}
	if !MustParseVersion("v1.9.0").LessThan(MustParseVersion("v1.10.0")) || !v.GreaterThan(Version{}) || !(Version{}).IsZero() {
		t.Error("SemVer order")
	}
	listed, ok := ListedVersion("1.2.3")
	if !ok || listed.Canonical() != "v1.2.3" || listed.Check() == nil || !strings.Contains(listed.Check().Error(), `no "v" prefix`) {
		t.Errorf("ListedVersion(1.2.3) = %v %v %v", listed, ok, listed.Check())
	}
	if _, ok := ListedVersion("junk"); ok {
		t.Error("ListedVersion(junk) accepted")
	}
	if (Version{}).Check() == nil || (Version{}).Major() != 0 || (Version{}).String() != "" {
		t.Error("the zero Version is no version")
	}
	b, err := json.Marshal(struct{ V Version }{v})
	var back struct{ V Version }
	if err != nil || string(b) != `{"V":"v1.10.0-rc.1+b.2"}` || json.Unmarshal(b, &back) != nil || back.V.Compare(v) != 0 {
		t.Errorf("JSON = %s, %v; back %v", b, err, back.V)
	}
	if json.Unmarshal([]byte(`{"V":"1.0"}`), &back) == nil {
		t.Error("decoding a non-version succeeded")
	}
	if got := Newest([]string{"v1.0.0", "v1.1.0-rc.0", "junk", "1.0.5"}); got.String() != "v1.1.0-rc.0" {
		t.Errorf("Newest = %s", got)
	}
}

// A version built from its numbers is the version that spelling parses to.
func TestReleaseVersionIsItsParse(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		major, minor, patch uint64
		want                string
	}{{1, 10, 0, "v1.10.0"}, {0, 1, 0, "v0.1.0"}, {2, 0, 7, "v2.0.7"}} {
		got := ReleaseVersion(c.major, c.minor, c.patch)
		if got != MustParseVersion(c.want) || got.Check() != nil || got.String() != c.want {
			t.Errorf("ReleaseVersion(%d, %d, %d) = %#v, want the parse of %s", c.major, c.minor, c.patch, got, c.want)
		}
	}
}
