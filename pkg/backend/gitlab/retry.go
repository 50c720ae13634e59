package gitlab

import (
	"context"
	"net/http"

	gl "gitlab.com/gitlab-org/api/client-go"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// attemptFunc makes one attempt; attempt counts from 1.
type attemptFunc func(ctx context.Context, attempt int) (*gl.Response, error)

// policy is httpx's one retry policy with this connection's bounds: Retry.Attempts
// attempts, Retry.Base doubled per attempt, and Retry.MaxWait as the total waiting
// budget (a Retry-After beyond it fails at once, saying to run again later).
func (c *conn) policy() httpx.Policy {
	r := c.opts.Retry
	return httpx.Policy{MaxAttempts: r.Attempts, Base: r.Base, MaxTotal: r.MaxWait, Sleep: r.Sleep}
}

// retry runs fn until it succeeds, fails for good, or the policy gives up: 429, 5xx
// (but 501) and network errors are retried. Returned errors are redacted and keep
// their chain (context errors, fs.ErrNotExist, httpx.ErrTooLarge).
func (c *conn) retry(ctx context.Context, fn attemptFunc) error {
	return c.policy().Do(ctx, func(ctx context.Context, attempt int) (*http.Response, error) {
		resp, err := fn(ctx, attempt)
		var hr *http.Response
		if resp != nil {
			hr = resp.Response
		}
		return hr, c.redact.clean(err, resp)
	})
}
