package httpx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// Transport retries requests under p, for clients that own their request loop (oras-go
// talking to OCI registries): the same decisions, waits and budget as Do. A request is
// repeated only when its body can be replayed (no body, or GetBody set); when the
// retries run out, the last answer is returned as it is, so the client reports the
// server's own words.
func (p Policy) Transport(base http.RoundTripper) http.RoundTripper {
	return &retryTransport{base: transport(base), p: p}
}

type retryTransport struct {
	base http.RoundTripper
	p    Policy
}

// errStatus marks an answer worth another attempt.
var errStatus = errors.New("retryable answer")

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil && req.Body != http.NoBody && req.GetBody == nil {
		return t.base.RoundTrip(req)
	}
	var last *http.Response
	err := t.p.Do(req.Context(), func(ctx context.Context, attempt int) (*http.Response, error) {
		discard(last)
		last = nil
		r, err := replay(req, attempt)
		if err != nil {
			return nil, err
		}
		resp, err := t.base.RoundTrip(r)
		if err != nil {
			return nil, err
		}
		last = resp
		if retryable(resp, nil) {
			return resp, Retry(fmt.Errorf("%s %s: %s: %w", req.Method, req.URL.Redacted(), resp.Status, errStatus))
		}
		return resp, nil
	})
	if err != nil && (req.Context().Err() != nil || !errors.Is(err, errStatus)) {
		discard(last)
		return nil, err
	}
	return last, nil
}

// replay gives the request for an attempt: the original first, then clones with a
// fresh body.
func replay(req *http.Request, attempt int) (*http.Request, error) {
	if attempt == 1 || req.GetBody == nil {
		return req, nil
	}
	body, err := req.GetBody()
	if err != nil {
		return nil, fmt.Errorf("replaying the body of %s %s: %w", req.Method, req.URL.Redacted(), err)
	}
	r := req.Clone(req.Context())
	r.Body = body
	return r, nil
}

// discard drains and closes an answer that will not be returned, so its connection
// can be reused.
func discard(resp *http.Response) {
	if resp == nil {
		return
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}
