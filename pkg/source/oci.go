package source

import (
	"fmt"
	"net/url"
)

// openOCI is the hook for oci:// sources (the cluster-api-operator's OCI layout). It
// returns a Provider of KindOCI once an OCI reader exists; until then it refuses.
func openOCI(u *url.URL, _ Options) (Provider, error) {
	return Provider{}, fmt.Errorf("provider URL %q: %w: oci:// sources are not supported yet", u.String(), ErrUnsupported)
}
