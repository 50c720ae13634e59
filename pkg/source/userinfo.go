package source

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// redactUserinfo removes the user information of raw (scheme://userinfo@host...: a
// password, or a token written as the user name) from err's text, keeping the chain. It
// works on the text, so URLs that do not parse are covered too.
func redactUserinfo(raw string, err error) error {
	info := userinfo(raw)
	if err == nil || info == "" {
		return err
	}
	msg := strings.ReplaceAll(err.Error(), info+"@", httpx.Redacted+"@")
	if _, pass, ok := strings.Cut(info, ":"); ok && pass != "" {
		msg = httpx.NewRedactor(pass).Text(msg)
	}
	return &httpx.RedactedError{Msg: msg, Err: err}
}

// userinfo is the text between "://" and the last "@" of the authority, or "".
func userinfo(raw string) string {
	_, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return ""
	}
	if end := strings.IndexAny(rest, "/?#"); end >= 0 {
		rest = rest[:end]
	}
	at := strings.LastIndex(rest, "@")
	if at < 0 {
		return ""
	}
	return rest[:at]
}
