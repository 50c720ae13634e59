package install

import (
	"os"
	"regexp"
	"testing"

	"github.com/capirepo/capirepo/pkg/mirror"
	"github.com/capirepo/capirepo/pkg/testsupport/envtest"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// The cert-manager release named to users, the one whose CRDs the Makefile puts in
// the install tests' repository, and mirror's default are one: the release clusterctl
// v1.14.2 installs.
func TestCertManagerPinsAgree(t *testing.T) {
	mk, err := os.ReadFile(tree.RepoRoot(t) + "/Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^CERT_MANAGER_VERSION := (\S+)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("Makefile sets no CERT_MANAGER_VERSION")
	}
	version, clusterctl := mirror.DefaultCertManager()
	if clusterctl != envtest.Clusterctl {
		t.Fatalf("mirror's default is clusterctl %s's cert-manager, the install tests run clusterctl %s", clusterctl, envtest.Clusterctl)
	}
	for name, got := range map[string]string{"Makefile": string(m[1]), "envtest.CertManager": envtest.CertManager, "certManagerRelease": certManagerRelease} {
		if got != version {
			t.Errorf("%s is cert-manager %s, mirror's default (clusterctl %s) %s", name, got, clusterctl, version)
		}
	}
}
