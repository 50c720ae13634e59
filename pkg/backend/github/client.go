package github

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/url"

	gh "github.com/google/go-github/v60/github"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// api is the configured connection to one repository. It builds a fresh go-github
// client for every attempt: go-github remembers rate limits and refuses requests
// locally until the reset time, which would defeat the retry policy's own waiting.
type api struct {
	owner, repo string
	base, up    *url.URL
	http        *http.Client // no token: follows asset download redirects
	authed      *http.Client // the token, only for requests to the API and upload origins
	retry       RetryPolicy
	red         redactor
	who         string // what shares a run's listings (httpx.Shared): the API and a hash of the token
}

func newAPI(o Options) (*api, error) {
	if err := o.validate(); err != nil {
		return nil, err
	}
	base, up, err := o.parsed()
	if err != nil {
		return nil, err
	}
	auth := httpx.Auth{Header: "Authorization", Origins: []*url.URL{base, up}, PlainHTTP: o.PlainHTTP}
	if o.Token != "" {
		auth.Value = "Bearer " + o.Token
	}
	who := fmt.Sprintf("%s %x", base, sha256.Sum256([]byte(o.Token)))
	return &api{owner: o.Owner, repo: o.Repo, base: base, up: up, who: who,
		http:   httpx.NewClient(httpx.Options{Client: o.HTTPClient}),
		authed: httpx.NewClient(httpx.Options{Client: o.HTTPClient, Auth: auth, Answers: httpx.APIAnswers}), retry: o.Retry.WithDefaults(), red: redactor{secret: o.Token}}, nil
}

// name is "OWNER/NAME".
func (a *api) name() string { return a.owner + "/" + a.repo }

// client is a go-github client without its own auth: the httpx transport adds the
// token, and only for requests to the API and upload origins, so a redirect to
// another host (an asset store, or anything a compromised proxy names) never gets it.
func (a *api) client() *gh.Client {
	hc := *a.authed // go-github sets CheckRedirect on its client while downloading
	c := gh.NewClient(&hc)
	base, up := *a.base, *a.up
	c.BaseURL, c.UploadURL = &base, &up
	return c
}

// try runs op with retries and returns go-github's own error, for callers that
// decide on the status (404, 422) before reporting.
func (a *api) try(ctx context.Context, op func(c *gh.Client) error) error {
	return a.retry.Do(ctx, func(context.Context, int) (*http.Response, error) {
		return responseOf(op(a.client()))
	})
}

// fail explains and redacts a final error; what describes the operation
// ("listing releases of o/r").
func (a *api) fail(what string, err error) error {
	return a.red.wrap(explain(what, a.name(), err))
}

// call is try followed by fail.
func (a *api) call(ctx context.Context, what string, op func(c *gh.Client) error) error {
	if err := a.try(ctx, op); err != nil {
		return a.fail(what, err)
	}
	return nil
}
