package layout

import "testing"

// TestGroupTypes: the two readings of an API group (the <type>.<domain> prefix, and
// any segment of a *.cluster.x-k8s.io group), and the prefix of each type.
func TestGroupTypes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		group  string
		prefix Type // GroupConvention
		any    Type // GroupAnySegment
	}{
		{"infrastructure.foo.io", InfrastructureProvider, InfrastructureProvider},
		{"bootstrap.cluster.x-k8s.io", BootstrapProvider, BootstrapProvider},
		{"controlplane.foo.io", ControlPlaneProvider, ControlPlaneProvider},
		{"vmware.infrastructure.cluster.x-k8s.io", "", InfrastructureProvider},
		{"vmware.infrastructure.foo.io", "", ""},
		{"infrastructure", "", InfrastructureProvider},
		{"infrastructurex.foo.io", "", ""},
		{"ipam.cluster.x-k8s.io", "", ""},
		{"cluster.x-k8s.io", "", ""},
	}
	for _, c := range cases {
		if got := GroupType(c.group, GroupConvention); got != c.prefix || TypeOfGroup(c.group) != got {
			t.Errorf("GroupType(%s, GroupConvention) = %q (TypeOfGroup %q), want %q", c.group, got, TypeOfGroup(c.group), c.prefix)
		}
		if got := GroupType(c.group, GroupAnySegment); got != c.any || TypeOfAnyGroup(c.group) != got {
			t.Errorf("GroupType(%s, GroupAnySegment) = %q (TypeOfAnyGroup %q), want %q", c.group, got, TypeOfAnyGroup(c.group), c.any)
		}
	}
	if GroupPrefix(BootstrapProvider) != "bootstrap." || GroupPrefix(CoreProvider) != "" {
		t.Errorf("GroupPrefix: %q, %q", GroupPrefix(BootstrapProvider), GroupPrefix(CoreProvider))
	}
	if !Installable(ContractV1beta1) || !Installable(ContractV1beta2) || Installable("v1alpha4") {
		t.Error("Installable")
	}
}
