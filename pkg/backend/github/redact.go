package github

import "github.com/capirepo/capirepo/pkg/httpx"

// redactor removes the token from error text. It is the last step for every error
// this package returns, so even a server that echoes the Authorization header back
// cannot leak the token. The chain is kept (httpx.RedactedError unwraps), so
// errors.Is sees context.Canceled, context.DeadlineExceeded, fs.ErrNotExist and
// fs.ErrPermission (a conflict is publish.ErrConflict).
type redactor struct{ secret string }

const redacted = httpx.Redacted

func (r redactor) wrap(err error) error { return httpx.NewRedactor(r.secret).Wrap(err) }

// redactedError is a message built here (no secret in it) that matches kind.
type redactedError struct {
	msg  string
	kind error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.kind }
