package gitlab

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	gl "gitlab.com/gitlab-org/api/client-go"
)

// deployTokenSource authenticates with a deploy token, which client-go has no
// constructor for. GitLab reads it from the Deploy-Token header.
type deployTokenSource struct{ token string }

func (deployTokenSource) Init(context.Context, *gl.Client) error { return nil }

func (s deployTokenSource) Header(context.Context) (string, string, error) {
	return "Deploy-Token", s.token, nil
}

func authSource(o Options) gl.AuthSource {
	switch {
	case o.Token == "":
		return gl.Unauthenticated{}
	case o.TokenKind == TokenJob:
		return gl.JobTokenAuthSource{Token: o.Token}
	case o.TokenKind == TokenDeploy:
		return deployTokenSource{token: o.Token}
	}
	return gl.AccessTokenAuthSource{Token: o.Token}
}

// newClient builds the API client: no client-side retries (see retry.go) and no
// logging to the default logger.
func newClient(o Options, base *url.URL) (*gl.Client, error) {
	return gl.NewAuthSourceClient(authSource(o),
		gl.WithBaseURL(strings.TrimRight(base.String(), "/")),
		gl.WithHTTPClient(o.HTTPClient),
		gl.WithoutRetries(),
		gl.WithURLWarningLogger(slog.New(slog.DiscardHandler)),
	)
}

// conn is what the Publisher and the Repo share: options, API client, redactor.
type conn struct {
	opts   Options
	base   *url.URL
	api    *gl.Client
	redact redactor
}

func newConn(o Options) (*conn, error) {
	o = o.withDefaults()
	base, err := o.validate()
	if err != nil {
		return nil, err
	}
	api, err := newClient(o, base)
	if err != nil {
		return nil, fmt.Errorf("creating GitLab client for %s: %w", o.BaseURL, redactor(o.Token).clean(err, nil))
	}
	return &conn{opts: o, base: base, api: api, redact: redactor(o.Token)}, nil
}

// baseURL is the instance URL without a trailing slash.
func (c *conn) baseURL() string { return strings.TrimRight(c.base.String(), "/") }
