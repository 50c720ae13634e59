package mirror

import (
	"os"
	"regexp"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

// TestDefaultCertManagerIsClusterctls: every supported clusterctl binary installs the
// cert-manager version the table names. Read offline: the binary holds its default
// cert-manager URL (CertManagerDefaultURL, which embeds CertManagerDefaultVersion), since
// init list-images, the one command that would print it, needs a management cluster.
func TestDefaultCertManagerIsClusterctls(t *testing.T) {
	t.Parallel()
	url := regexp.MustCompile(`github\.com/cert-manager/cert-manager/releases/(v[0-9]+\.[0-9]+\.[0-9]+)/cert-manager\.yaml`)
	checked := 0
	for _, row := range clusterctlCertManager() {
		for _, b := range clusterctl.Pick(t, row[0]) {
			data, err := os.ReadFile(b.Path)
			if err != nil {
				t.Fatal(err)
			}
			m := url.FindSubmatch(data)
			if m == nil || string(m[1]) != row[1] {
				t.Errorf("clusterctl %s installs cert-manager %q by default, the table says %s", row[0], m, row[1])
			}
			checked++
		}
	}
	if checked == 0 {
		t.Skip("no supported clusterctl binary is installed")
	}
	if v, cc := DefaultCertManager(); cc != clusterctlCertManager()[len(clusterctlCertManager())-1][0] || v == "" {
		t.Errorf("DefaultCertManager() = %s, %s: want the newest clusterctl's", v, cc)
	}
}
