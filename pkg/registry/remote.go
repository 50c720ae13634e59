package registry

import (
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/distribution/reference"
	"oras.land/oras-go/v2/registry/remote"
	"oras.land/oras-go/v2/registry/remote/auth"
)

// Remote holds how to reach registries: plain HTTP, credentials and the HTTP client.
type Remote struct {
	PlainHTTP bool // http:// instead of https:// (local registries)
	// PlainHTTPHosts, when set, limits PlainHTTP to these registries (host[:port]) and
	// loopback ones, so an image's upstream registry is always reached over HTTPS.
	PlainHTTPHosts []string
	Credential     auth.CredentialFunc // nil: anonymous
	Transport      http.RoundTripper   // nil: http.DefaultTransport
	Retry          httpx.Policy        // zero: the one retry policy of every remote call
	// TokenServers are the token servers (host[:port]) on another origin than their
	// registry that may receive its credentials (--token-server); none by default.
	TokenServers []string
}

// Repository opens host/path on a registry.
func (r Remote) Repository(ref string) (*remote.Repository, error) {
	repo, err := remote.NewRepository(ref)
	if err != nil {
		return nil, fmt.Errorf("repository %q: %w", ref, err)
	}
	repo.PlainHTTP = r.plainHTTP(repo.Reference.Registry)
	repo.Client = r.client(repo.Reference.Registry, repo.PlainHTTP)
	return repo, nil
}

// plainHTTP says whether host is reached over plain HTTP.
func (r Remote) plainHTTP(host string) bool {
	if !r.PlainHTTP || len(r.PlainHTTPHosts) == 0 {
		return r.PlainHTTP
	}
	for _, h := range r.PlainHTTPHosts {
		if strings.EqualFold(h, host) {
			return true
		}
	}
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	ip := net.ParseIP(name)
	return strings.EqualFold(name, "localhost") || ip != nil && ip.IsLoopback()
}

func (r Remote) client(registry string, plain bool) *auth.Client {
	seen := &secrets{}
	scheme := "https"
	if plain {
		scheme = "http"
	}
	guard := tokenGuard{base: r.Retry.Transport(r.Transport), registry: registry, scheme: scheme, allowed: r.TokenServers}
	rt := redactAnswers{base: guard, secrets: seen}
	hc := httpx.NewClient(httpx.Options{Client: &http.Client{Transport: rt}, NoTimeout: true})
	return &auth.Client{
		Client:     hc,
		Cache:      auth.NewCache(),
		Credential: seen.record(r.Credential),
		Header:     http.Header{"User-Agent": {"capirepo"}},
	}
}

// Target is REGISTRY/PATH, the root under which provider repositories live.
type Target struct {
	Registry string // host[:port]
	Path     string // may be empty
}

// ParseTarget parses REGISTRY[/PATH] (an oci:// prefix is accepted). Tags and digests
// are refused: the tag is each release's version.
func ParseTarget(s string) (Target, error) {
	in := strings.TrimSuffix(strings.TrimPrefix(s, "oci://"), "/")
	if strings.Contains(in, "://") {
		return Target{}, fmt.Errorf("registry %q: write host[:port]/path without a scheme (use --plain-http for http)", s)
	}
	host, path, _ := strings.Cut(in, "/")
	if host == "" {
		return Target{}, fmt.Errorf("registry %q: empty host", s)
	}
	t := Target{Registry: host, Path: path}
	probe := t.Repo("x")
	named, err := reference.ParseNormalizedNamed(probe)
	if err != nil || named.String() != probe && reference.FamiliarString(named) != probe {
		return Target{}, fmt.Errorf("registry %q is not host[:port][/path] with lower-case path components (no tag, no digest)", s)
	}
	return t, nil
}

// Repo returns the repository of one name under the target: REGISTRY/PATH/name.
func (t Target) Repo(name string) string {
	if t.Path == "" {
		return t.Registry + "/" + name
	}
	return t.Registry + "/" + t.Path + "/" + name
}

// String is REGISTRY[/PATH].
func (t Target) String() string { return strings.TrimSuffix(t.Repo(""), "/") }
