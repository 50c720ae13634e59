package sign

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// The oci destination finds the bundle by name without importing this package: the
// two names must stay equal, or publish oci would push the bundle as a layer.
func TestOCIFindsTheBundleByItsName(t *testing.T) {
	for _, r := range []*release.Release{
		{Name: "aws", Type: layout.InfrastructureProvider, Version: "v2.5.0"},
		{Name: "kubeadm", Type: layout.BootstrapProvider, Version: "v1.9.0-rc.1"},
	} {
		if got, want := oci.BundleFile(r), BundleName(r.Label(), r.Version); got != want {
			t.Errorf("%s: oci looks for %s, sign writes %s", r, got, want)
		}
	}
}
