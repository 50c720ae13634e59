package github

import (
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	gh "github.com/google/go-github/v60/github"
)

// backoff decides whether err is worth another attempt and how long to wait first.
// Rate limits wait as long as GitHub asks (Retry-After, X-RateLimit-Reset); 5xx and
// network errors back off exponentially; other 4xx never succeed on retry.
func (p RetryPolicy) backoff(err error, attempt int) (time.Duration, bool) {
	var rl *gh.RateLimitError
	var abuse *gh.AbuseRateLimitError
	var er *gh.ErrorResponse
	var accepted *gh.AcceptedError
	switch {
	case errors.As(err, &rl):
		return p.until(rl.Rate.Reset.Time, attempt), true
	case errors.As(err, &abuse):
		if abuse.RetryAfter != nil {
			return *abuse.RetryAfter, true
		}
		return p.fromHeaders(abuse.Response, attempt), true
	case errors.As(err, &er):
		return p.statusBackoff(er.Response, attempt)
	case errors.As(err, &accepted):
		return p.exponential(attempt), true
	}
	return p.exponential(attempt), isNetwork(err)
}

func (p RetryPolicy) statusBackoff(r *http.Response, attempt int) (time.Duration, bool) {
	if r == nil {
		return 0, false
	}
	switch {
	case r.StatusCode == http.StatusTooManyRequests:
		return p.fromHeaders(r, attempt), true
	case r.StatusCode >= 500:
		return p.exponential(attempt), true
	}
	return 0, false
}

// fromHeaders reads Retry-After (seconds) or X-RateLimit-Reset (epoch seconds).
func (p RetryPolicy) fromHeaders(r *http.Response, attempt int) time.Duration {
	if r == nil {
		return p.exponential(attempt)
	}
	if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if s, err := strconv.ParseInt(r.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil {
		return p.until(time.Unix(s, 0), attempt)
	}
	return p.exponential(attempt)
}

// until is the wait until t plus a second of slack, or the exponential backoff when
// t is already past.
func (p RetryPolicy) until(t time.Time, attempt int) time.Duration {
	if d := t.Sub(p.Now()); d > 0 {
		return d + time.Second
	}
	return p.exponential(attempt)
}

func isNetwork(err error) bool {
	var cert *tls.CertificateVerificationError
	if errors.As(err, &cert) {
		return false
	}
	var ue *url.Error
	var ne net.Error
	return errors.As(err, &ue) || errors.As(err, &ne) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}
