package httpx

import (
	"net/http"
	"time"
)

// Default timeouts: a whole request (body included) and the wait for response headers.
const (
	DefaultTimeout       = 10 * time.Minute
	DefaultHeaderTimeout = time.Minute
)

// Options configure a client.
type Options struct {
	// Client is the caller's client (tests pass an httptest client); nil: a client
	// on a clone of http.DefaultTransport. It is copied, never changed.
	Client  *http.Client
	Timeout time.Duration // whole request; DefaultTimeout when zero and Client has none
	// NoTimeout leaves the whole request unbounded (streams of any length, such as
	// image layers); the response-header timeout still holds.
	NoTimeout bool
	Auth      Auth
}

// NewClient returns a client with timeouts, the credential sent only to its origins,
// and credential headers dropped on redirects that leave the origin.
func NewClient(o Options) *http.Client {
	var c http.Client
	if o.Client != nil {
		c = *o.Client
	}
	c.Transport = &authTransport{base: transport(c.Transport), auth: o.Auth}
	c.CheckRedirect = checkRedirect(c.CheckRedirect)
	switch {
	case o.NoTimeout:
		c.Timeout = 0
	case o.Timeout > 0:
		c.Timeout = o.Timeout
	case c.Timeout == 0:
		c.Timeout = DefaultTimeout
	}
	return &c
}

// transport clones an *http.Transport (or http.DefaultTransport for nil) and sets a
// response-header timeout; any other RoundTripper is used as it is.
func transport(rt http.RoundTripper) http.RoundTripper {
	if rt == nil {
		rt = http.DefaultTransport
	}
	t, ok := rt.(*http.Transport)
	if !ok {
		return rt
	}
	t = t.Clone()
	if t.ResponseHeaderTimeout == 0 {
		t.ResponseHeaderTimeout = DefaultHeaderTimeout
	}
	return t
}
