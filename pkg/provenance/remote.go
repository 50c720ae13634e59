package provenance

import (
	"net/url"
	"regexp"
)

// scpLike is git's scp-like remote syntax: [user@]host:path (no scheme, no slash
// before the colon; a one-letter host is a Windows drive, a backslash a local path).
var scpLike = regexp.MustCompile(`^(?:[^@/:]+@)?([A-Za-z0-9.-]{2,}):([^/\\][^\\]*)$`)

// RemoteURI is the origin remote as a statement records it: a URL that parses, with
// a scheme git fetches over the network (https, http, ssh, git) and a host, without
// user information (a CI token in https://x-access-token:TOKEN@host/…), query
// (?private_token=…) or fragment; git's scp-like form (git@host:org/repo.git) as
// ssh://host/org/repo.git. Anything else (a local path, file://, a URL that does not
// parse) is omitted: "" — never the raw remote, which may hold a credential or a
// machine path.
func RemoteURI(remote string) string {
	if m := scpLike.FindStringSubmatch(remote); m != nil {
		remote = "ssh://" + m[1] + "/" + m[2]
	}
	u, err := url.Parse(remote)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return ""
	}
	switch u.Scheme {
	case "https", "http", "ssh", "git":
	default:
		return ""
	}
	clean := url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}
	return clean.String()
}
