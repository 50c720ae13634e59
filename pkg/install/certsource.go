package install

import (
	"net/url"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/httpx"
)

// certManagerRelease is the cert-manager release clusterctl v1.14 installs (pkg/mirror's
// pin for it; TestCertManagerPinsAgree keeps the two and the Makefile's equal).
const certManagerRelease = "v1.21.1"

// certManagerSource is the cert-manager file to take the CRDs from: --cert-manager-file,
// else the clusterctl config's cert-manager url (an air-gapped mirror's clusterctl.yaml
// names the cert-manager.yaml it holds). The install reaches no network, so it must
// be a local file.
func certManagerSource(flag string, cfg map[string]any, config string) (string, error) {
	if flag != "" {
		return localFile(flag, "--cert-manager-file")
	}
	cm, _ := cfg["cert-manager"].(map[string]any)
	if u, _ := cm["url"].(string); u != "" {
		return localFile(u, config+": cert-manager url")
	}
	return "", missing("the install needs cert-manager's CRDs, so that clusterctl init skips installing cert-manager: pass --cert-manager-file FILE " +
		"(the cert-manager.yaml of the release clusterctl installs, e.g. https://github.com/cert-manager/cert-manager/releases/download/" + certManagerRelease + "/cert-manager.yaml for clusterctl v1.14), " +
		"or a --clusterctl-config whose cert-manager: url: names one (capirepo mirror writes both)")
}

// localFile is a path or file:// URL as a path.
func localFile(s, what string) (string, error) {
	if !strings.Contains(s, "://") {
		return s, nil
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "file" {
		return "", missing("%s is %s: the install reaches no network; download it and pass --cert-manager-file FILE", what, s)
	}
	return u.Path, nil
}

// readCertManagerCRDs reads the CRDs of cert-manager's groups from a cert-manager
// file and checks that Issuer and Certificate are there.
func readCertManagerCRDs(path string) ([]Object, error) {
	data, err := fsx.ReadCapped(path, httpx.MaxFileSize)
	if err != nil {
		return nil, missing("cert-manager: %v", err)
	}
	objs, err := Split(data) // whole objects: manifest.ReadClusterctl's CRDs lack their schemas
	if err != nil {
		return nil, missing("%s: %v", path, err)
	}
	var out []Object
	seen := map[string]bool{}
	for _, o := range objs {
		if o.str("kind") == "CustomResourceDefinition" && certManagerGroup(o.str("spec", "group")) {
			out = append(out, o)
			seen[o.str("metadata", "name")] = true
		}
	}
	for _, need := range []string{"issuers.cert-manager.io", "certificates.cert-manager.io"} {
		if !seen[need] {
			return nil, missing("%s: no CRD %s; give the cert-manager.yaml of a cert-manager release (--cert-manager-file FILE)", path, need)
		}
	}
	return out, nil
}

// certManagerGroup: cert-manager.io and its sub-groups (acme.cert-manager.io).
func certManagerGroup(g string) bool {
	return g == "cert-manager.io" || strings.HasSuffix(g, ".cert-manager.io")
}
