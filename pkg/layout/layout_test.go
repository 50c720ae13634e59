package layout

import (
	"strings"
	"testing"
)

func TestLabelRoundTrip(t *testing.T) {
	t.Parallel()
	want := map[Type]string{
		CoreProvider: "cluster-api", BootstrapProvider: "bootstrap-kubeadm", ControlPlaneProvider: "control-plane-kubeadm",
		InfrastructureProvider: "infrastructure-aws", IPAMProvider: "ipam-in-cluster",
		RuntimeExtensionProvider: "runtime-extension-nutanix", AddonProvider: "addon-helm",
	}
	names := map[Type]string{CoreProvider: "cluster-api", BootstrapProvider: "kubeadm", ControlPlaneProvider: "kubeadm",
		InfrastructureProvider: "aws", IPAMProvider: "in-cluster", RuntimeExtensionProvider: "nutanix", AddonProvider: "helm"}
	for _, typ := range Types {
		label := Label(typ, names[typ])
		if label != want[typ] {
			t.Errorf("Label(%s) = %s, want %s", typ, label, want[typ])
		}
		if gt, gn := ParseLabel(label); gt != typ || gn != names[typ] {
			t.Errorf("ParseLabel(%s) = %s %s", label, gt, gn)
		}
		if !strings.HasSuffix(ComponentsFile(typ), "-components.yaml") || TypeFlag(typ) == "" {
			t.Errorf("%s: components file %q, flag %q", typ, ComponentsFile(typ), TypeFlag(typ))
		}
	}
}

func TestValidateName(t *testing.T) {
	t.Parallel()
	cases := []struct {
		typ        Type
		name, want string
	}{
		{InfrastructureProvider, "aws", ""},
		{CoreProvider, "cluster-api", ""},
		{InfrastructureProvider, "", "empty"},
		{InfrastructureProvider, "AWS", "lower case"},
		{InfrastructureProvider, "a.b", "DNS-1123"},
		{InfrastructureProvider, "-a", "DNS-1123"},
		{InfrastructureProvider, strings.Repeat("a", 64), "DNS-1123"},
		{BootstrapProvider, "cluster-api", "CoreProvider"},
		{"Infra", "x", "not one of"},
	}
	for _, c := range cases {
		err := ValidateName(c.typ, c.name)
		if (c.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("ValidateName(%s, %q) = %v, want %q", c.typ, c.name, err, c.want)
		}
	}
}

func TestParseVersion(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"v1.2.3", "v0.1.0", "v1.2.3-rc.1", "v1.2.3+build.5", "v1.2.3-alpha+001"} {
		if _, err := ParseVersion(ok); err != nil {
			t.Errorf("ParseVersion(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"1.2.3", "v1.2", "v01.2.3", "v1.02.3", "V1.2.3", "latest", "v1.2.3-rc.01", " v1.2.3", "v1.2.3-"} {
		if _, err := ParseVersion(bad); err == nil {
			t.Errorf("ParseVersion(%q) accepted", bad)
		}
	}
	if !IsVersion("1.2.3") || IsVersion("dev") {
		t.Error("IsVersion")
	}
}

func TestSortVersionsLikeClusterctl(t *testing.T) {
	t.Parallel()
	var got []string
	for _, v := range SortVersions([]string{"v0.1.0", "junk", "v0.3.0-rc.0", "v0.2.0", "v0.10.0", "v0.10.0-beta.1"}) {
		got = append(got, v.String())
	}
	if want := "v0.10.0 v0.2.0 v0.1.0 v0.10.0-beta.1 v0.3.0-rc.0"; strings.Join(got, " ") != want {
		t.Errorf("SortVersions = %v, want %s", got, want)
	}
}

func TestFileNamesAndURLs(t *testing.T) {
	t.Parallel()
	kinds := map[string]Kind{
		"metadata.yaml": KindMetadata, "cluster-template.yaml": KindTemplate, "cluster-template-ha.yaml": KindTemplate,
		"clusterclass-quick.yaml": KindClusterClass, "infrastructure-components.yaml": KindComponents,
		"infrastructure-components-development.yaml": KindComponents, "components.yaml": KindComponents,
		"README.md": KindOther, "runtime-sdk-openapi.yaml": KindOther,
	}
	for name, want := range kinds {
		if got := FileKind(name); got != want {
			t.Errorf("FileKind(%s) = %s, want %s", name, got, want)
		}
	}
	for _, bad := range []string{"../x.yaml", "a/b.yaml", ".hidden", "a b.yaml", "..", ""} {
		if ValidateFileName(bad) == nil {
			t.Errorf("ValidateFileName(%q) accepted", bad)
		}
	}
	if got := MainComponents(InfrastructureProvider, []string{"infrastructure-components-dev.yaml", "infrastructure-components.yaml"}); got != "infrastructure-components.yaml" {
		t.Errorf("MainComponents = %s", got)
	}
	if got := GitLabURL("https://gitlab.example.com/", "group/name", "infrastructure-x", "v1.0.0", "infrastructure-components.yaml"); got !=
		"https://gitlab.example.com/api/v4/projects/group%2Fname/packages/generic/infrastructure-x/v1.0.0/infrastructure-components.yaml" {
		t.Errorf("GitLabURL = %s", got)
	}
	if got := GitHubURL("o", "r", "latest", "f.yaml"); got != "https://github.com/o/r/releases/latest/f.yaml" {
		t.Errorf("GitHubURL = %s", got)
	}
}

// The bundle name carries the provider label, so providers sharing one GitHub release
// never collide; sign writes it and oci and mirror find it by this one function.
func TestBundleFileCarriesTheLabel(t *testing.T) {
	t.Parallel()
	cases := map[[2]string]string{
		{Label(InfrastructureProvider, "aws"), "v2.5.0"}:     "infrastructure-aws-v2.5.0.sigstore.json",
		{Label(BootstrapProvider, "kubeadm"), "v1.9.0-rc.1"}: "bootstrap-kubeadm-v1.9.0-rc.1.sigstore.json",
	}
	for in, want := range cases {
		if got := BundleFile(in[0], in[1]); got != want {
			t.Errorf("BundleFile(%s, %s) = %s, want %s", in[0], in[1], got, want)
		}
	}
}

func TestOperatorTypeWords(t *testing.T) {
	want := map[Type]string{CoreProvider: "core", ControlPlaneProvider: "control-plane",
		InfrastructureProvider: "infrastructure", RuntimeExtensionProvider: "runtimeextension"}
	for typ, word := range want {
		if got := OperatorType(typ); got != word {
			t.Errorf("OperatorType(%s) = %q, want %q", typ, got, word)
		}
	}
	for _, typ := range Types {
		back, ok := TypeOfOperatorWord(OperatorType(typ))
		if !ok || back != typ {
			t.Errorf("TypeOfOperatorWord(OperatorType(%s)) = %q, %v", typ, back, ok)
		}
	}
	if typ, ok := TypeOfOperatorWord("infra"); ok {
		t.Errorf("TypeOfOperatorWord(infra) = %q, want none", typ)
	}
	if OperatorType("Unknown") != "" {
		t.Error("an unknown type has no operator word")
	}
}

// TestOperatorReads: the names the operator's mapStore may keep for some provider
// object (its type, name and version are the object's), and no other.
func TestOperatorReads(t *testing.T) {
	for name, want := range map[string]bool{
		"bootstrap-tiny-v1.0.0-metadata.yaml":          true,
		"metadata.yaml":                                true,
		"bootstrap-tiny-v1.0.0-components.yaml":        true,
		"bootstrap-components.yaml":                    true,
		"components.yaml":                              true,
		"bootstrap-tiny-v1.0.1-metadata.yaml":          true,
		"infrastructure-other-v9.0.0-metadata.yaml":    true,
		"control-plane-kubeadm-v1.0.0-components.yaml": true,
		"cluster-template.yaml":                        false,
		"clusterclass-quick-start.yaml":                false,
		"bootstrap-tiny-v1.0.0.sigstore.json":          false,
		"notmetadata.yaml":                             false,
	} {
		if got := OperatorReads(name); got != want {
			t.Errorf("OperatorReads(%s) = %v, want %v", name, got, want)
		}
	}
}
