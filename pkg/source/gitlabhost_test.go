package source

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// A GitLab URL of the form clusterctl accepts is read from its own host, with the
// token. The transport answers 404 without dialling, so nothing resolves DNS.
func TestGitLabURLIsReadFromItsOwnHost(t *testing.T) {
	t.Parallel()
	const secret = "glpat-own-host-secret"
	var mu sync.Mutex
	var seen []string
	client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		seen = append(seen, r.URL.Host+" "+r.Header.Get("Private-Token")+r.Header.Get("Authorization"))
		mu.Unlock()
		return &http.Response{StatusCode: http.StatusNotFound, Header: http.Header{}, Request: r,
			Body: io.NopCloser(strings.NewReader(`{"message":"404 Project Not Found"}`))}, nil
	})}
	getenv := func(k string) string {
		if k == "GITLAB_ACCESS_TOKEN" {
			return secret
		}
		return ""
	}
	raw := "https://gitlab.invalid/api/v4/projects/group%2Fname/packages/generic/bootstrap-tiny/v1.0.0/bootstrap-components.yaml"
	p, err := For(raw, Options{Getenv: getenv, HTTPClient: client})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.File(context.Background(), "v1.0.0", "metadata.yaml")
	if err == nil || !strings.Contains(err.Error(), "gitlab.invalid") || strings.Contains(err.Error(), secret) {
		t.Errorf("reading from a project that is not there: %v; want an error naming gitlab.invalid without the token", err)
	}
	// Files are read as clusterctl v1.10+ reads them: the token as a bearer token.
	if len(seen) == 0 || seen[0] != "gitlab.invalid Bearer "+secret {
		t.Errorf("requests = %q, want the URL's own host with the token", seen)
	}
}
