package httpx

import (
	"net/url"
	"strings"
)

// Redacted is the text that replaces a secret.
const Redacted = "[REDACTED]"

// Redactor removes secrets (tokens, passwords) from texts and errors.
type Redactor struct{ secrets []string }

// NewRedactor redacts the given secrets, plain and URL-escaped; empty ones are ignored.
func NewRedactor(secrets ...string) Redactor {
	var r Redactor
	for _, s := range secrets {
		if s == "" {
			continue
		}
		r.secrets = append(r.secrets, s, url.QueryEscape(s), url.PathEscape(s))
	}
	return r
}

// Text returns s with every secret replaced.
func (r Redactor) Text(s string) string {
	for _, v := range r.secrets {
		s = strings.ReplaceAll(s, v, Redacted)
	}
	return s
}

// Wrap returns err with redacted text. The chain is kept (Unwrap), so errors.Is and
// errors.As still see context.Canceled, context.DeadlineExceeded, fs.ErrNotExist and
// typed errors; only the message is rewritten.
func (r Redactor) Wrap(err error) error {
	if err == nil {
		return nil
	}
	return &RedactedError{Msg: r.Text(err.Error()), Err: err}
}

// RedactedError is an error whose message carries no secret.
type RedactedError struct {
	Msg string
	Err error
}

func (e *RedactedError) Error() string { return e.Msg }
func (e *RedactedError) Unwrap() error { return e.Err }
