// Package source turns a clusterctl provider URL into the repository.Repository of
// that provider's releases, the way clusterctl's repositoryFactory does: a local path
// or file:// URL (localrepo.Repo), a GitHub releases URL, a GitLab generic packages
// URL (and, through oci.go, an oci:// reference). verify and mirror both read
// through it, with one size cap per file and one token policy (tokens.go).
package source

import (
	"context"
	"net/http"
	"time"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/registry"
)

// Options configure For and Resolve. The zero value reads public sources with no token.
type Options struct {
	// Getenv looks up the token variables (see GitHubToken, GitLabToken); nil reads none.
	Getenv func(string) string
	// Token overrides the variables (e.g. from --token-file); TokenKind is its GitLab kind.
	Token, TokenKind string
	GitHubAPIURL     string       // GitHub API base (tests, GitHub Enterprise mirrors)
	GitLabURL        string       // read GitLab packages from this instance instead of the URL's host
	HTTPClient       *http.Client // base client (tests); httpx adds timeouts and origin-only auth
	Type             layout.Type  // provider type when the URL's file name does not tell it
	Dir              string       // base of relative paths (Resolve); the working directory when empty
	MaxFileSize      int64        // cap of files other than metadata.yaml; httpx.MaxFileSize when 0
	// Registry is how oci:// sources reach their registry (plain HTTP, credentials);
	// a nil Credential reads the OCI_* variables or the Docker config through Getenv.
	Registry registry.Remote
	// Sleep replaces the wait between retries (tests).
	Sleep func(ctx context.Context, d time.Duration) error
}
