package registry

import (
	"fmt"
	"net"
	"net/http"
	"strings"
)

// tokenGuard keeps credentials on the registry they belong to: a request the auth
// client sends to another origin (the token server a registry's challenge names)
// that carries credentials (a basic Authorization header, or a POSTed password or
// refresh token) is refused unless the user named that server (Remote.TokenServers).
// Anonymous token requests pass.
type tokenGuard struct {
	base     http.RoundTripper
	registry string // host[:port]
	scheme   string // how the registry is reached
	allowed  []string
}

func (g tokenGuard) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Response == nil && carriesCredentials(req) && !g.own(req) && !g.named(req.URL.Host) {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, fmt.Errorf("the registry %s sends its credentials to the token server %s://%s, another origin: credentials go only to their own host; if that server is the registry's, name it with --token-server %s",
			g.registry, req.URL.Scheme, req.URL.Host, req.URL.Host)
	}
	return g.base.RoundTrip(req)
}

func carriesCredentials(req *http.Request) bool {
	return req.Header.Get("Authorization") != "" || req.Method == http.MethodPost && req.Body != nil && req.Body != http.NoBody
}

// own reports the registry's own origin: scheme, host and port.
func (g tokenGuard) own(req *http.Request) bool {
	return req.URL.Scheme == g.scheme && sameHostPort(req.URL.Host, g.registry, g.scheme)
}

func (g tokenGuard) named(host string) bool {
	for _, a := range g.allowed {
		if strings.EqualFold(a, host) {
			return true
		}
	}
	return false
}

// sameHostPort compares host[:port] values, the scheme's default port made explicit.
func sameHostPort(a, b, scheme string) bool {
	return strings.EqualFold(withPort(a, scheme), withPort(b, scheme))
}

func withPort(h, scheme string) string {
	if _, _, err := net.SplitHostPort(h); err == nil {
		return h
	}
	if scheme == "http" {
		return h + ":80"
	}
	return h + ":443"
}
