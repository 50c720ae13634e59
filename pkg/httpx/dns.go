package httpx

import (
	"errors"
	"net"
)

// NoSuchHost is a request whose host name does not exist in DNS (a *net.DNSError
// with IsNotFound that is not temporary): asking again cannot help, so it is never
// retried, and its message names the host and what to check.
type NoSuchHost struct {
	Host string
	Err  error
}

func (e *NoSuchHost) Error() string {
	return e.Err.Error() + " (the host " + e.Host + " does not exist in DNS, not retried: check the name, or this machine's DNS and proxy settings)"
}

func (e *NoSuchHost) Unwrap() error { return e.Err }

// noSuchHost wraps err as a NoSuchHost when a DNS lookup in it found no such name;
// ok is false for any other error (temporary DNS failures included: they retry).
func noSuchHost(err error) (*NoSuchHost, bool) {
	var d *net.DNSError
	if !errors.As(err, &d) || !d.IsNotFound || d.IsTemporary {
		return nil, false
	}
	var done *NoSuchHost
	if errors.As(err, &done) {
		return done, true
	}
	return &NoSuchHost{Host: d.Name, Err: err}, true
}
