package gitlab

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"

	gl "gitlab.com/gitlab-org/api/client-go"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// header is how a token kind is sent to the API.
func header(kind string) string {
	switch kind {
	case TokenJob:
		return "JOB-TOKEN"
	case TokenDeploy:
		return "Deploy-Token"
	}
	return "PRIVATE-TOKEN"
}

// authClient is an httpx client that sends the token in name, only to the instance's
// origin: client-go's own auth sources add the header to every request, redirects to
// other hosts included, so the client is built unauthenticated and the transport adds it.
// answers says what its answers are (the API's, or downloads).
func authClient(o Options, base *url.URL, name, value string, answers httpx.Answers) *http.Client {
	auth := httpx.Auth{Header: name, Origins: []*url.URL{base}, PlainHTTP: o.PlainHTTP}
	if o.Token != "" {
		auth.Value = value
	}
	return httpx.NewClient(httpx.Options{Client: o.HTTPClient, Auth: auth, Answers: answers})
}

// newClient builds the API client: no client-side retries (see retry.go) and no
// logging to the default logger.
func newClient(hc *http.Client, base *url.URL) (*gl.Client, error) {
	return gl.NewAuthSourceClient(gl.Unauthenticated{},
		gl.WithBaseURL(strings.TrimRight(base.String(), "/")),
		gl.WithHTTPClient(hc),
		gl.WithoutRetries(),
		gl.WithURLWarningLogger(slog.New(slog.DiscardHandler)),
	)
}

// conn is what the Publisher and the Repo share: options, API client, redactor.
// opts.HTTPClient is the API client's (token in the kind's header); bearer sends it
// as "Authorization: Bearer", as clusterctl v1.10+ does for package downloads.
type conn struct {
	opts   Options
	base   *url.URL
	api    *gl.Client
	bearer *http.Client
	redact redactor
}

func newConn(o Options) (*conn, error) {
	o = o.withDefaults()
	base, err := o.validate()
	if err != nil {
		return nil, err
	}
	bearer := authClient(o, base, "Authorization", "Bearer "+o.Token, httpx.Downloads)
	o.HTTPClient = authClient(o, base, header(o.TokenKind), o.Token, httpx.APIAnswers)
	api, err := newClient(o.HTTPClient, base)
	if err != nil {
		return nil, fmt.Errorf("creating GitLab client for %s: %w", o.BaseURL, redactor(o.Token).clean(err, nil))
	}
	return &conn{opts: o, base: base, api: api, bearer: bearer, redact: redactor(o.Token)}, nil
}

// baseURL is the instance URL without a trailing slash.
func (c *conn) baseURL() string { return strings.TrimRight(c.base.String(), "/") }
