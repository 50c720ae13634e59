package layout

import "testing"

// TestGroupTypes: the two readings of an API group (the <type>.<domain> prefix, and
// any segment of a *.cluster.x-k8s.io group), and the prefix of each type.
func TestGroupTypes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		group  string
		prefix Type // TypeOfGroup
		any    Type // TypeOfAnyGroup
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
		if got := TypeOfGroup(c.group); got != c.prefix {
			t.Errorf("TypeOfGroup(%s) = %q, want %q", c.group, got, c.prefix)
		}
		if got := TypeOfAnyGroup(c.group); got != c.any {
			t.Errorf("TypeOfAnyGroup(%s) = %q, want %q", c.group, got, c.any)
		}
	}
	if GroupPrefix(BootstrapProvider) != "bootstrap." || GroupPrefix(CoreProvider) != "" {
		t.Errorf("GroupPrefix: %q, %q", GroupPrefix(BootstrapProvider), GroupPrefix(CoreProvider))
	}
	if !Installable(ContractV1beta1) || !Installable(ContractV1beta2) || Installable("v1alpha4") {
		t.Error("Installable")
	}
}
