package gitlab

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strings"

	gl "gitlab.com/gitlab-org/api/client-go"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// APIError is a GitLab request that got an error status. Its text never holds the
// token: GitLab's message is redacted before it is kept, and the client-go error
// (whose body could echo request headers) is not wrapped.
type APIError struct {
	Method  string
	URL     string
	Status  int
	Message string // GitLab's "message" or "error", redacted
}

func (e *APIError) Error() string {
	status := fmt.Sprintf("%d %s", e.Status, http.StatusText(e.Status))
	msg := fmt.Sprintf("%s %s: %s", e.Method, e.URL, status)
	if e.Message != "" && e.Message != status {
		msg += ": " + e.Message
	}
	return msg
}

// Is makes errors.Is(err, fs.ErrNotExist) true for 404 answers.
func (e *APIError) Is(target error) bool {
	return target == fs.ErrNotExist && e.Status == http.StatusNotFound
}

// redactor removes one secret from texts.
type redactor string

func (r redactor) text(s string) string { return httpx.NewRedactor(string(r)).Text(s) }

// clean turns any error from a request into one that is safe to show. resp is the
// response client-go returned with the error, if any. Status errors become APIError;
// everything else gets redacted text and keeps its chain (errors.Is still sees
// context.Canceled, context.DeadlineExceeded, httpx.ErrTooLarge).
func (r redactor) clean(err error, resp *gl.Response) error {
	var er *gl.ErrorResponse
	var ae *APIError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ae):
		return err // built here, already redacted
	case errors.As(err, &er) && er.Response != nil:
		return r.apiError(er.Response, er.Body)
	case errors.Is(err, gl.ErrNotFound) && resp != nil && resp.Response != nil:
		return r.apiError(resp.Response, nil)
	}
	return httpx.NewRedactor(string(r)).Wrap(err)
}

// apiError builds an APIError from a response and its body.
func (r redactor) apiError(resp *http.Response, body []byte) *APIError {
	e := &APIError{Status: resp.StatusCode}
	if resp.Request != nil {
		e.Method = resp.Request.Method
		u := *resp.Request.URL
		u.User, u.RawQuery = nil, ""
		e.URL = r.text(u.String())
	}
	var m struct {
		Message any    `json:"message"`
		Error   string `json:"error"`
	}
	if json.Unmarshal(body, &m) == nil && (m.Message != nil || m.Error != "") {
		e.Message = strings.TrimSpace(fmt.Sprint(m.Error, " ", valueText(m.Message)))
	} else {
		e.Message = strings.TrimSpace(string(body))
	}
	if len(e.Message) > 300 {
		e.Message = e.Message[:300] + "…"
	}
	e.Message = r.text(e.Message)
	return e
}

func valueText(v any) string {
	if v == nil {
		return ""
	}
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// statusOf returns the HTTP status of a cleaned error, or 0.
func statusOf(err error) int {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Status
	}
	return 0
}

// tokenWord names a token kind for messages.
func tokenWord(kind string) string {
	switch kind {
	case TokenPrivate:
		return "access"
	case TokenJob:
		return "CI job"
	case TokenDeploy:
		return "deploy"
	}
	return "given"
}

// explain adds what to do for the statuses a user can fix.
func explain(err error, project, kind string) error {
	kind = tokenWord(kind)
	switch statusOf(err) {
	case http.StatusUnauthorized:
		return fmt.Errorf("%w: GitLab did not accept the %s token for project %s; check that it is valid and not expired, and that the token kind (private, job or deploy) matches it", err, kind, project)
	case http.StatusForbidden:
		return fmt.Errorf("%w: the %s token may not write packages to project %s; use an access token with the api scope and at least the Developer role, a CI job token of this project, or a deploy token with write_package_registry", err, kind, project)
	case http.StatusNotFound:
		return fmt.Errorf("%w: project %s was not found; check the path (group/name) or id, and that the token can see it (GitLab answers 404 for private projects a token cannot access)", err, project)
	case http.StatusTooManyRequests:
		return fmt.Errorf("%w: GitLab is rate limiting requests to project %s; run again later", err, project)
	}
	return err
}
