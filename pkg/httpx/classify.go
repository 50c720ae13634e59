package httpx

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"syscall"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// retryable says whether an attempt is worth repeating. It follows go-retryablehttp's
// policy (network errors except TLS, redirect-loop and scheme errors; 429; 5xx but
// 501) and adds rate limits answered with 403 (GitHub's primary and secondary
// limits: X-RateLimit-Remaining: 0 or Retry-After). Context errors never retry.
func retryable(resp *http.Response, err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrCap) || errors.Is(err, ErrPlainHTTP) {
		return false
	}
	var forced *retryError
	if errors.As(err, &forced) {
		return true
	}
	if resp == nil {
		if !isNetwork(err) {
			return false
		}
		retry, _ := retryablehttp.ErrorPropagatedRetryPolicy(context.Background(), nil, networkError(err))
		return retry
	}
	if rateLimited(resp) {
		return true
	}
	retry, _ := retryablehttp.ErrorPropagatedRetryPolicy(context.Background(), resp, nil)
	return retry
}

// isNetwork reports transport failures: *url.Error, net.Error, a connection cut short.
func isNetwork(err error) bool {
	var cert *tls.CertificateVerificationError
	if err == nil || errors.As(err, &cert) {
		return false
	}
	var ue *url.Error
	var ne net.Error
	return errors.As(err, &ue) || errors.As(err, &ne) || errors.Is(err, io.EOF) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET)
}

// Retry marks err as worth another attempt whatever its response says (a backend
// that knows better, e.g. GitHub's 202 "Accepted, try again").
func Retry(err error) error { return &retryError{err} }

type retryError struct{ err error }

func (e *retryError) Error() string { return e.err.Error() }
func (e *retryError) Unwrap() error { return e.err }

// networkError unwraps to the *url.Error go-retryablehttp inspects, if any.
func networkError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue
	}
	return err
}

// rateLimited reports a 429, or a 403 that carries rate-limit headers.
func rateLimited(resp *http.Response) bool {
	switch resp.StatusCode {
	case http.StatusTooManyRequests:
		return true
	case http.StatusForbidden:
		return resp.Header.Get("Retry-After") != "" || resp.Header.Get("X-RateLimit-Remaining") == "0"
	}
	return false
}

// Delay is the wait before attempt+1: Retry-After (seconds or an HTTP date) when the
// server sent it, the time until X-RateLimit-Reset (plus a second) when the rate limit
// is used up, else Base·2^(attempt-1) capped at MaxWait.
func (p Policy) Delay(resp *http.Response, attempt int) time.Duration {
	p = p.WithDefaults()
	if resp != nil {
		if d, ok := p.retryAfter(resp.Header.Get("Retry-After")); ok {
			return d
		}
		if d, ok := p.reset(resp); ok {
			return d
		}
	}
	return retryablehttp.DefaultBackoff(p.Base, p.MaxWait, attempt-1, nil)
}

// maxServerWait bounds, in seconds, the wait a server may ask for (about 68 years), so
// an absurd Retry-After or X-RateLimit-Reset stays a positive duration over any budget.
const maxServerWait = 1 << 31

func (p Policy) retryAfter(v string) (time.Duration, bool) {
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil && s >= 0 {
		return time.Duration(min(s, maxServerWait)) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(p.Now()), 0), true
	}
	return 0, false
}

func (p Policy) reset(resp *http.Response) (time.Duration, bool) {
	if resp.Header.Get("X-RateLimit-Remaining") != "0" && resp.StatusCode != http.StatusTooManyRequests {
		return 0, false
	}
	s, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64)
	if err != nil {
		return 0, false
	}
	if d := time.Unix(s, 0).Sub(p.Now()); d > 0 {
		return min(d, maxServerWait*time.Second) + time.Second, true
	}
	return 0, false
}
