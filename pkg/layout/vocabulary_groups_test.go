package layout

import "testing"

// TestGroupTypes: the three readings of an API group (the <type>.<domain> prefix,
// any segment of a *.cluster.x-k8s.io group, and who serves it), and the prefix of
// each type.
func TestGroupTypes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		group  string
		prefix Type // GroupConvention
		any    Type // GroupAnySegment
		served Type // GroupServed
	}{
		{"infrastructure.foo.io", InfrastructureProvider, InfrastructureProvider, ""},
		{"bootstrap.cluster.x-k8s.io", BootstrapProvider, BootstrapProvider, BootstrapProvider},
		{"controlplane.foo.io", ControlPlaneProvider, ControlPlaneProvider, ""},
		{"vmware.infrastructure.cluster.x-k8s.io", "", InfrastructureProvider, InfrastructureProvider},
		{"vmware.infrastructure.foo.io", "", "", ""},
		{"infrastructure", "", InfrastructureProvider, ""},
		{"infrastructurex.foo.io", "", "", ""},
		{"ipam.cluster.x-k8s.io", "", "", IPAMProvider},
		{"cluster.x-k8s.io", "", "", CoreProvider},
		{"addons.cluster.x-k8s.io", "", "", AddonProvider},
		{"fleet.addons.cluster.x-k8s.io", "", "", AddonProvider},
		{"foo.cluster.x-k8s.io", "", "", ""},
		{"runtime.cluster.x-k8s.io", "", "", RuntimeExtensionProvider},
	}
	for _, c := range cases {
		for how, want := range map[GroupReading]Type{GroupConvention: c.prefix, GroupAnySegment: c.any, GroupServed: c.served} {
			if got := GroupType(c.group, how); got != want {
				t.Errorf("GroupType(%s, %d) = %q, want %q", c.group, how, got, want)
			}
		}
	}
	if GroupPrefix(BootstrapProvider) != "bootstrap." || GroupPrefix(CoreProvider) != "" {
		t.Errorf("GroupPrefix: %q, %q", GroupPrefix(BootstrapProvider), GroupPrefix(CoreProvider))
	}
	if !Installable(ContractV1beta1) || !Installable(ContractV1beta2) || Installable("v1alpha4") {
		t.Error("Installable")
	}
}
