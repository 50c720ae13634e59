package github

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strings"

	"github.com/capirepo/capirepo/pkg/httpx"
	gh "github.com/google/go-github/v60/github"
)

const scopeHint = "publishing needs permission contents: write on the repository (reading needs contents: read) " +
	"(fine-grained token: Repository permissions > Contents > Read and write; classic token: repo scope; " +
	"GitHub Actions: permissions: contents: write)"

// explain turns a go-github error into one that says what happened to which
// repository and what to do; status kinds are kept for errors.Is.
func explain(what, repo string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: %w", what, err) // keep the chain: exit 130 on Ctrl-C
	}
	var g *httpx.GaveUp
	if errors.As(err, &g) {
		what += " (" + g.Why + ")"
		err = g.Err
	}
	var rl *gh.RateLimitError
	var abuse *gh.AbuseRateLimitError
	var er *gh.ErrorResponse
	switch {
	case errors.As(err, &rl):
		return fmt.Errorf("%s: GitHub's rate limit for this token is used up until %s (%s); wait, or use a token with a higher limit",
			what, rl.Rate.Reset.Time.UTC().Format("15:04:05 MST"), rl.Message)
	case errors.As(err, &abuse):
		return fmt.Errorf("%s: GitHub's secondary rate limit was hit and retries ran out (%s); lower --jobs or wait a few minutes", what, abuse.Message)
	case errors.As(err, &er) && er.Response != nil:
		return explainStatus(what, repo, er)
	}
	return fmt.Errorf("%s: %w", what, err)
}

func explainStatus(what, repo string, er *gh.ErrorResponse) error {
	msg := statusText(er)
	switch er.Response.StatusCode {
	case http.StatusUnauthorized:
		return withKind(fs.ErrPermission, "%s: GitHub rejected the token (%s): set a valid, unexpired token for %s; %s", what, msg, repo, scopeHint)
	case http.StatusForbidden:
		return withKind(fs.ErrPermission, "%s: the token may not do this on %s (%s); %s", what, repo, msg, scopeHint)
	case http.StatusNotFound:
		return withKind(fs.ErrNotExist, "%s: not found (%s); check the owner and repository name %s and that the token can see it", what, msg, repo)
	}
	return fmt.Errorf("%s: %s", what, msg)
}

// statusText is "422 Validation Failed (ReleaseAsset.name already_exists)".
func statusText(er *gh.ErrorResponse) string {
	s := fmt.Sprintf("%d %s", er.Response.StatusCode, er.Message)
	var details []string
	for _, e := range er.Errors {
		details = append(details, strings.Trim(e.Resource+"."+e.Field+" "+e.Code+" "+e.Message, ". "))
	}
	if len(details) > 0 {
		s += " (" + strings.Join(details, "; ") + ")"
	}
	return s
}

// statusOf returns the HTTP status of a go-github error, or 0.
func statusOf(err error) int {
	var er *gh.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		return er.Response.StatusCode
	}
	return 0
}

// alreadyExists reports a 422 with code already_exists.
func alreadyExists(err error) bool {
	var er *gh.ErrorResponse
	if !errors.As(err, &er) {
		return false
	}
	for _, e := range er.Errors {
		if e.Code == "already_exists" {
			return true
		}
	}
	return false
}

// withKind formats a message whose error matches errors.Is(err, kind) without
// appending the kind's own text.
func withKind(kind error, format string, args ...any) error {
	return &redactedError{msg: fmt.Sprintf(format, args...), kind: kind}
}
