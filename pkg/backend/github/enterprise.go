package github

import "strings"

// EnterpriseURLs derives GitHub Enterprise's API URL (base/api/v3/) and upload URL
// (base/api/uploads/, unless upload is given) from the instance's base URL. An empty
// base gives "" (github.com) and upload as it is.
func EnterpriseURLs(base, upload string) (api, uploads string) {
	if base == "" {
		return "", upload
	}
	base = strings.TrimRight(base, "/")
	if upload == "" {
		upload = base + "/api/uploads/"
	}
	return base + "/api/v3/", upload
}
