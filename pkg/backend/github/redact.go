package github

import (
	"errors"
	"io/fs"
	"strings"
)

// redactor removes the token from error text. It is the last step for every error
// this package returns, so even a server that echoes the Authorization header back
// cannot leak the token.
type redactor struct{ secret string }

const redacted = "[REDACTED]"

func (r redactor) text(s string) string {
	if r.secret == "" {
		return s
	}
	return strings.ReplaceAll(s, r.secret, redacted)
}

// wrap returns an error with redacted text. The original chain is not kept (it holds
// go-github responses whose bodies may carry the token); only the kind survives, so
// errors.Is(err, fs.ErrNotExist) and fs.ErrPermission still work.
func (r redactor) wrap(err error) error {
	if err == nil {
		return nil
	}
	return &redactedError{msg: r.text(err.Error()), kind: kindOf(err)}
}

type redactedError struct {
	msg  string
	kind error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.kind }

func kindOf(err error) error {
	for _, k := range []error{fs.ErrNotExist, fs.ErrPermission, ErrRefused} {
		if errors.Is(err, k) {
			return k
		}
	}
	return nil
}
