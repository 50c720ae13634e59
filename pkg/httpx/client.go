package httpx

import (
	"cmp"
	"net/http"
	"time"
)

// Default timeouts: a whole request (body included) and the wait for response headers.
const (
	DefaultTimeout       = 10 * time.Minute
	DefaultHeaderTimeout = time.Minute
	// DefaultIdleTimeout is longer than the retry budget, so a body left unread while
	// another request of the same copy waits to retry is not taken for a stall.
	DefaultIdleTimeout = 5 * time.Minute
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
	// IdleTimeout ends a response body read that gets no byte for this long, when the
	// whole request is unbounded (NoTimeout); DefaultIdleTimeout when zero.
	IdleTimeout time.Duration
	Auth        Auth
	// Answers is what the client's answers are when a request's context does not
	// say (the cap on each); streams with NoTimeout.
	Answers Answers
}

// NewClient returns a client with timeouts, the credential sent only to its origins,
// and credential headers dropped on redirects that leave the origin.
func NewClient(o Options) *http.Client {
	var c http.Client
	if o.Client != nil {
		c = *o.Client
	}
	base := transport(c.Transport)
	bt := &boundTransport{answers: o.Answers, header: DefaultHeaderTimeout, fallback: newRun(DefaultLimits)}
	switch {
	case o.NoTimeout:
		base = idleTransport{base: base, idle: cmp.Or(o.IdleTimeout, DefaultIdleTimeout)}
		bt.answers = Streams
	case o.Timeout > 0:
		bt.timeout = o.Timeout
	default:
		bt.timeout = cmp.Or(c.Timeout, DefaultTimeout)
	}
	if o.Answers != Downloads {
		bt.answers = o.Answers
	}
	c.Timeout = 0 // boundTransport's, whose error names the limit
	bt.base = &authTransport{base: base, auth: o.Auth}
	c.Transport = bt
	c.CheckRedirect = checkRedirect(c.CheckRedirect)
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
