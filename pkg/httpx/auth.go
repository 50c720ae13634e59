package httpx

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// Auth is a credential that is sent only to its origins (scheme, host and port).
type Auth struct {
	Header  string     // e.g. "Authorization", "PRIVATE-TOKEN", "JOB-TOKEN"
	Value   string     // e.g. "Bearer <token>"; empty sends nothing
	Origins []*url.URL // only requests to these origins carry the header
	// PlainHTTP allows sending it over plain http:// to a host other than loopback
	// (the user's --plain-http); without it such a request is refused.
	PlainHTTP bool
}

// ErrPlainHTTP marks a credential refused over plain HTTP.
var ErrPlainHTTP = errors.New("a token over plain HTTP")

// credentialHeaders are dropped from any request that leaves the origin it started at.
var credentialHeaders = []string{"Authorization", "Proxy-Authorization", "Cookie",
	"Private-Token", "Job-Token", "Deploy-Token"}

// authTransport adds the credential on every request to an allowed origin, so a
// redirect to another host (an asset store, a hostile mirror) never receives it.
type authTransport struct {
	base http.RoundTripper
	auth Auth
}

func (t *authTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if t.auth.Value == "" || !t.allowed(req.URL) {
		return t.base.RoundTrip(req)
	}
	if strings.EqualFold(req.URL.Scheme, "http") && !t.auth.PlainHTTP && !loopback(req.URL.Hostname()) {
		return nil, fmt.Errorf("refusing to send the token to %s over plain http://, where anyone on the way can read it: use https://, or pass --plain-http to send it anyway: %w",
			req.URL.Host, ErrPlainHTTP)
	}
	r := req.Clone(req.Context())
	r.Header.Set(t.auth.Header, t.auth.Value)
	return t.base.RoundTrip(r)
}

func (t *authTransport) allowed(u *url.URL) bool {
	for _, o := range t.auth.Origins {
		if sameOrigin(o, u) {
			return true
		}
	}
	return false
}

// loopback reports a host on this machine (localhost, 127.0.0.0/8, ::1).
func loopback(host string) bool {
	ip := net.ParseIP(host)
	return strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback()
}

// sameOrigin compares scheme, host and port (default ports made explicit).
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) && port(a) == port(b)
}

func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}

// checkRedirect drops credential headers a caller set on the request when a
// redirect leaves the first request's origin (Go's client keeps them on a change of
// scheme or port, and keeps custom headers such as PRIVATE-TOKEN everywhere).
func checkRedirect(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) > 0 && !sameOrigin(via[0].URL, req.URL) {
			for _, h := range credentialHeaders {
				req.Header.Del(h)
			}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return http.ErrUseLastResponse
		}
		return nil
	}
}
