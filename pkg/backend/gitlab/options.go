// Package gitlab publishes clusterctl provider repositories to GitLab generic packages
// and reads them back. Each release becomes the package <label> (or Options.Package)
// at version vX.Y.Z, holding the release files; clusterctl reads them through
// https://<host>/api/v4/projects/<group%2Fname>/packages/generic/<package>/<version>/<file>.
//
// It uses gitlab.com/gitlab-org/api/client-go with the client's own retries turned
// off (gitlab.WithoutRetries): retries are done here, so that Retry-After is honoured,
// waits are bounded, uploads are checked for having landed before they are repeated,
// and tests can inject the sleep.
package gitlab

import (
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/capirepo/capirepo/pkg/httpx"
)

// Token kinds (Options.TokenKind).
const (
	TokenPrivate = "private" // personal, project or group access token: PRIVATE-TOKEN header
	TokenJob     = "job"     // CI/CD job token: JOB-TOKEN header
	TokenDeploy  = "deploy"  // deploy token: DEPLOY-TOKEN header (package registry only)
)

// Options configures a Publisher or a Repo.
type Options struct {
	BaseURL    string // instance URL, e.g. https://gitlab.example.com (without /api/v4)
	Project    string // "group/name" or a numeric project id
	Package    string // generic package name; default: the provider label (Publisher only)
	Token      string // never printed, logged or put in errors
	TokenKind  string // TokenPrivate (default), TokenJob or TokenDeploy
	HTTPClient *http.Client
	// Retry bounds the retries of one request on 429, 5xx (except 501) and network
	// errors: httpx's one policy (zero fields take its defaults).
	Retry httpx.Policy
	// PlainHTTP lets the token go to an http:// instance off loopback (--plain-http).
	PlainHTTP bool
	// Notes is the description of each published version's GitLab release (created,
	// or updated when it exists); "" leaves releases alone (Publisher only).
	Notes string
}

func (o Options) withDefaults() Options {
	if o.TokenKind == "" {
		o.TokenKind = TokenPrivate
	}
	o.Retry = o.Retry.WithDefaults()
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{Timeout: 5 * time.Minute}
	}
	return o
}

// validate checks what both the Publisher and the Repo need.
func (o Options) validate() (*url.URL, error) {
	u, err := url.Parse(o.BaseURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("GitLab base URL %q is not an http(s) URL: give the instance URL, e.g. https://gitlab.example.com", o.BaseURL)
	}
	switch {
	case o.Project == "":
		return nil, fmt.Errorf("GitLab project is empty: give its path (group/name) or numeric id")
	case o.TokenKind != TokenPrivate && o.TokenKind != TokenJob && o.TokenKind != TokenDeploy:
		return nil, fmt.Errorf("GitLab token kind %q is not one of %s, %s, %s", o.TokenKind, TokenPrivate, TokenJob, TokenDeploy)
	}
	return u, nil
}
