package source

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/repository"
)

// server records the credentials each request carries.
type server struct {
	*httptest.Server
	mu    sync.Mutex
	creds []string
}

func newServer(t *testing.T, h func(w http.ResponseWriter, r *http.Request)) *server {
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		for _, k := range []string{"Authorization", "Private-Token", "Job-Token", "Deploy-Token"} {
			if v := r.Header.Get(k); v != "" {
				s.creds = append(s.creds, r.URL.Path+" "+k+": "+v)
			}
		}
		s.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) seen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.creds...)
}

const secret = "glpat-redirect-secret"

// elsewhere answers every request: "[]" for listings, file bytes otherwise.
func elsewhere(t *testing.T) *server {
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/releases") || strings.HasSuffix(r.URL.Path, "/packages") {
			fmt.Fprint(w, "[]")
			return
		}
		fmt.Fprint(w, "data from elsewhere")
	})
}

func TestNoCredentialOffOriginGitHub(t *testing.T) {
	t.Parallel()
	other := elsewhere(t)
	origin := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/repos/acme/capx/releases/tags/v1.0.0":
			fmt.Fprint(w, `{"id": 1, "tag_name": "v1.0.0"}`)
		case "/repos/acme/capx/releases/1/assets":
			fmt.Fprint(w, `[{"id": 7, "name": "metadata.yaml", "size": 19}, {"id": 8, "name": "big.yaml", "size": 99999999}]`)
		default: // the listing (an API redirect, as for a renamed repository) and the asset download
			http.Redirect(w, r, other.URL+r.URL.RequestURI(), http.StatusFound)
		}
	})
	p, err := For("https://github.com/acme/capx/releases/latest/infrastructure-components.yaml",
		Options{GitHubAPIURL: origin.URL, Getenv: func(string) string { return secret }})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := p.Versions(ctx); err != nil {
		t.Fatalf("Versions: %v", err)
	}
	data, err := p.File(ctx, "v1.0.0", "metadata.yaml")
	if err != nil || string(data) != "data from elsewhere" {
		t.Fatalf("File = %q, %v", data, err)
	}
	if _, err := p.File(ctx, "v1.0.0", "big.yaml"); !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "64 MiB") {
		t.Errorf("oversized asset: %v, want refused naming the 64 MiB cap", err)
	}
	if got := other.seen(); len(got) > 0 {
		t.Errorf("credentials sent off-origin: %v", got)
	}
	if got := strings.Join(origin.seen(), "\n"); !strings.Contains(got, "Bearer "+secret) {
		t.Errorf("the API origin did not get the token: %s", got)
	}
}

func TestNoCredentialOffOriginGitLab(t *testing.T) {
	t.Parallel()
	other := elsewhere(t)
	origin := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.RequestURI(), http.StatusFound)
	})
	for _, env := range []string{"GITLAB_ACCESS_TOKEN", "CI_JOB_TOKEN", "GITLAB_DEPLOY_TOKEN"} {
		p, err := For("https://gitlab.example.com/api/v4/projects/g%2Fn/packages/generic/infrastructure-foo/v1.0.0/infrastructure-components.yaml",
			Options{GitLabURL: origin.URL, Getenv: func(k string) string {
				if k == env {
					return secret
				}
				return ""
			}})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if env != "GITLAB_DEPLOY_TOKEN" { // deploy tokens cannot use the packages API
			if _, err := p.Versions(ctx); err != nil {
				t.Fatalf("%s: Versions: %v", env, err)
			}
		}
		if data, err := p.File(ctx, "v1.0.0", "metadata.yaml"); err != nil || string(data) != "data from elsewhere" {
			t.Fatalf("%s: File = %q, %v", env, data, err)
		}
	}
	if got := other.seen(); len(got) > 0 {
		t.Errorf("credentials sent off-origin: %v", got)
	}
	if len(origin.seen()) == 0 {
		t.Error("the instance got no credential at all")
	}
}

func TestRemoteSizeCapGitLab(t *testing.T) {
	t.Parallel()
	origin := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, strings.Repeat("x", int(httpx.MaxMetadataSize)+1))
	})
	p, err := For("https://gitlab.example.com/api/v4/projects/g%2Fn/packages/generic/infrastructure-foo/v1.0.0/infrastructure-components.yaml",
		Options{GitLabURL: origin.URL})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.File(context.Background(), "v1.0.0", "metadata.yaml")
	if !errors.Is(err, httpx.ErrTooLarge) || !strings.Contains(err.Error(), "1 MiB") {
		t.Errorf("oversized metadata.yaml: %v, want refused naming the 1 MiB cap", err)
	}
}

func TestCancelKeepsChain(t *testing.T) {
	t.Parallel()
	block := make(chan struct{})
	t.Cleanup(func() { close(block) })
	origin := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-block:
		case <-r.Context().Done():
		}
	})
	gh, _ := For("https://github.com/acme/capx/releases/latest/infrastructure-components.yaml", Options{GitHubAPIURL: origin.URL, Token: secret})
	gl, _ := For("https://gitlab.example.com/api/v4/projects/g%2Fn/packages/generic/infrastructure-foo/v1.0.0/infrastructure-components.yaml",
		Options{GitLabURL: origin.URL, Token: secret})
	for _, p := range []repository.Repository{gh, gl} {
		ctx, cancel := context.WithCancel(context.Background())
		go cancel()
		_, err := p.Versions(ctx)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled Versions = %v, want errors.Is(err, context.Canceled)", p.Info().Kind, err)
		}
		ctx, cancel = context.WithTimeout(context.Background(), 1)
		_, err = p.File(ctx, "v1.0.0", "metadata.yaml")
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s: File past its deadline = %v, want errors.Is(err, context.DeadlineExceeded)", p.Info().Kind, err)
		}
	}
}
