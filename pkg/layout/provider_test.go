package layout

import "testing"

func TestProviderIdentity(t *testing.T) {
	t.Parallel()
	cases := []struct {
		p     Provider
		label string
		ok    bool
	}{
		{Provider{Type: InfrastructureProvider, Name: "aws"}, "infrastructure-aws", true},
		{Provider{Type: ControlPlaneProvider, Name: "kubeadm"}, "control-plane-kubeadm", true},
		{Provider{Type: CoreProvider, Name: "cluster-api"}, "cluster-api", true},
		{Provider{Type: BootstrapProvider, Name: "Bad_Name"}, "bootstrap-Bad_Name", false},
		{Provider{Type: "NoSuchProvider", Name: "x"}, "x", false},
	}
	for _, c := range cases {
		if got := c.p.Label(); got != c.label {
			t.Errorf("%+v.Label() = %q, want %q", c.p, got, c.label)
		}
		if got := c.p.Label(); got != Label(c.p.Type, c.p.Name) {
			t.Errorf("%+v.Label() = %q, differs from Label()", c.p, got)
		}
		if err := c.p.Validate(); (err == nil) != c.ok {
			t.Errorf("%+v.Validate() = %v, want ok=%v", c.p, err, c.ok)
		}
	}
}
