package httpx

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// dnsFails is a transport whose dialer fails every lookup with err (no name is ever
// resolved) and counts the dials.
func dnsFails(err *net.DNSError, dials *atomic.Int32) *http.Transport {
	return &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		dials.Add(1)
		return nil, &net.OpError{Op: "dial", Net: network, Err: err}
	}}
}

// TestUnknownHostIsNotRetried: a host DNS says does not exist fails at the first
// attempt, with no wait, and the message names the host; through the retrying
// transport (registries) and through Do (GitHub, GitLab).
func TestUnknownHostIsNotRetried(t *testing.T) {
	t.Parallel()
	const host = "registry.example.invalid"
	for _, via := range []string{"transport", "do"} {
		var dials atomic.Int32
		var waits []time.Duration
		p := recorded(&waits)
		base := dnsFails(&net.DNSError{Err: "no such host", Name: host, IsNotFound: true}, &dials)
		err := get(t, p, base, via, "https://"+host+"/v2/")
		var nsh *NoSuchHost
		if !errors.As(err, &nsh) || nsh.Host != host || dials.Load() != 1 || len(waits) != 0 {
			t.Fatalf("%s: err %v, %d dials, waits %v; want one dial, no wait, a NoSuchHost for %s", via, err, dials.Load(), waits, host)
		}
		var dns *net.DNSError
		if msg := err.Error(); !errors.As(err, &dns) || strings.Count(msg, "the host "+host+" does not exist in DNS, not retried") != 1 {
			t.Errorf("%s: message %q: want the DNS error kept and one note naming the host", via, msg)
		}
	}
}

// TestTemporaryDNSFailureIsRetried: a DNS failure that may pass (a timeout, a
// server failure) is retried as before.
func TestTemporaryDNSFailureIsRetried(t *testing.T) {
	t.Parallel()
	for _, e := range []*net.DNSError{
		{Err: "i/o timeout", Name: "registry.example.invalid", IsTimeout: true, IsTemporary: true},
		{Err: "server misbehaving", Name: "registry.example.invalid", IsTemporary: true},
	} {
		var dials atomic.Int32
		var waits []time.Duration
		err := get(t, recorded(&waits), dnsFails(e, &dials), "transport", "https://registry.example.invalid/v2/")
		var nsh *NoSuchHost
		if err == nil || errors.As(err, &nsh) || dials.Load() != 5 || len(waits) != 4 {
			t.Errorf("%v: err %v, %d dials, %d waits; want 5 dials and 4 waits", e, err, dials.Load(), len(waits))
		}
	}
}

// get sends one GET through p: as the retrying transport, or as Do around a client.
func get(t *testing.T, p Policy, base http.RoundTripper, via, url string) error {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if via == "transport" {
		resp, err := (&http.Client{Transport: p.Transport(base)}).Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	client := NewClient(Options{Client: &http.Client{Transport: base}})
	return p.Do(context.Background(), func(ctx context.Context, _ int) (*http.Response, error) {
		resp, err := client.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
		}
		return resp, err
	})
}
