package github

import (
	"errors"
	"net/http"

	gh "github.com/google/go-github/v60/github"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// responseOf adapts a go-github result to httpx's policy: the HTTP response behind
// the error (rate limits, statuses) for the policy to read its headers, and
// GitHub's secondary rate limits and 202 "try again" marked retryable.
func responseOf(err error) (*http.Response, error) {
	var rl *gh.RateLimitError
	var abuse *gh.AbuseRateLimitError
	var er *gh.ErrorResponse
	var accepted *gh.AcceptedError
	switch {
	case err == nil:
		return nil, nil
	case errors.As(err, &rl):
		return rl.Response, httpx.Retry(err)
	case errors.As(err, &abuse):
		return abuse.Response, httpx.Retry(err)
	case errors.As(err, &er):
		return er.Response, err
	case errors.As(err, &accepted):
		return nil, httpx.Retry(err)
	}
	return nil, err
}
