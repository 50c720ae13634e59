package mirror

import (
	"path"
	"strings"
)

// CertManagerURL fills the {version} of a cert-manager URL (clusterctl's form, as
// --cert-manager-url takes it) and names the file it points at.
func CertManagerURL(template, version string) (url, file string) {
	url = strings.ReplaceAll(template, "{version}", version)
	return url, path.Base(url)
}
