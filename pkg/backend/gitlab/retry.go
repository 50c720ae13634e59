package gitlab

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	gl "gitlab.com/gitlab-org/api/client-go"
)

var errRetryAfterTooLong = errors.New("GitLab asked to retry later than the retry limit allows")

// attemptFunc makes one attempt; attempt counts from 1.
type attemptFunc func(ctx context.Context, attempt int) (*gl.Response, error)

// retry runs fn until it succeeds, fails for good, or runs out of attempts. It waits
// between attempts on 429, 5xx (but 501) and network errors: Retry-After when the
// server sends it, else an exponential backoff. Returned errors are redacted.
func (c *conn) retry(ctx context.Context, fn attemptFunc) error {
	r := c.opts.Retry
	var err error
	for attempt := 1; ; attempt++ {
		var resp *gl.Response
		resp, err = fn(ctx, attempt)
		err = c.redact.clean(err, resp)
		if err == nil || !retryable(ctx, err) {
			return err
		}
		if attempt >= r.Attempts {
			return fmt.Errorf("%w (gave up after %d attempts)", err, attempt)
		}
		wait, werr := c.wait(err, resp, attempt)
		if werr != nil {
			return werr
		}
		if serr := r.Sleep(ctx, wait); serr != nil {
			return fmt.Errorf("%w (waiting to retry after: %v)", serr, err)
		}
	}
}

func retryable(ctx context.Context, err error) bool {
	if ctx.Err() != nil || errors.Is(err, errRetryAfterTooLong) {
		return false
	}
	switch code := statusOf(err); {
	case code == 0:
		return true // network error
	case code == http.StatusTooManyRequests:
		return true
	default:
		return code >= 500 && code != http.StatusNotImplemented
	}
}

// wait picks the pause before the next attempt.
func (c *conn) wait(err error, resp *gl.Response, attempt int) (time.Duration, error) {
	r := c.opts.Retry
	if d, ok := retryAfter(resp); ok {
		if d > r.MaxWait {
			return 0, fmt.Errorf("%w: %v; Retry-After is %v, more than the %v limit: run again later", errRetryAfterTooLong, err, d, r.MaxWait)
		}
		return d, nil
	}
	return min(r.Base<<(attempt-1), r.MaxWait), nil
}

// retryAfter reads Retry-After as seconds or an HTTP date.
func retryAfter(resp *gl.Response) (time.Duration, bool) {
	if resp == nil || resp.Response == nil {
		return 0, false
	}
	v := resp.Header.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0), true
	}
	return 0, false
}
