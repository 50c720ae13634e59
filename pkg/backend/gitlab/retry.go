package gitlab

import (
	"context"
	"net/http"

	gl "gitlab.com/gitlab-org/api/client-go"
)

// attemptFunc makes one attempt; attempt counts from 1.
type attemptFunc func(ctx context.Context, attempt int) (*gl.Response, error)

// retry runs fn until it succeeds, fails for good, or the policy gives up: 429, 5xx
// (but 501) and network errors are retried. Returned errors are redacted and keep
// their chain (context errors, fs.ErrNotExist, httpx.ErrTooLarge).
func (c *conn) retry(ctx context.Context, fn attemptFunc) error {
	return c.opts.Retry.Do(ctx, func(ctx context.Context, attempt int) (*http.Response, error) {
		resp, err := fn(ctx, attempt)
		var hr *http.Response
		if resp != nil {
			hr = resp.Response
		}
		return hr, c.redact.clean(err, resp)
	})
}
