// Package source turns a clusterctl provider URL into a reader of that provider's
// releases, the way clusterctl's repositoryFactory does: a local path or file:// URL,
// a GitHub releases URL, a GitLab generic packages URL (and, through oci.go, an
// oci:// reference). verify and mirror both read through it, with one size cap per
// file and one token policy per forge.
package source

import (
	"context"
	"net/http"
	"time"

	"github.com/capirepo/capirepo/pkg/backend/oci"
	"github.com/capirepo/capirepo/pkg/layout"
)

// Reader is one provider's releases in one repository. Versions returns the names of
// the release folders, tags or package versions as they are (verify applies
// clusterctl's filter itself). A missing file is an error wrapping fs.ErrNotExist; a
// file over its size cap an error wrapping httpx.ErrTooLarge.
type Reader interface {
	String() string
	Versions(ctx context.Context) ([]string, error)
	Files(ctx context.Context, version string) ([]string, error)
	File(ctx context.Context, version, name string) ([]byte, error)
}

// Kinds of source.
const (
	KindLocal  = "local"
	KindGitHub = "github"
	KindGitLab = "gitlab"
	KindOCI    = "oci"
)

// Provider is what a provider URL names.
type Provider struct {
	Reader  Reader
	Kind    string // KindLocal, KindGitHub, KindGitLab or KindOCI
	Label   string // provider label, e.g. infrastructure-aws
	Version string // the URL's version segment: "latest" or a version ("" for a folder)
	File    string // the URL's last segment: the components file
	Root    string // local sources: the repository root ({Root}/{Label}/{version}/)
}

// ResolvesLatest reports whether clusterctl can resolve `latest` from this kind of
// source (GitLab generic packages cannot be listed by clusterctl).
func (p Provider) ResolvesLatest() bool { return p.Kind != KindGitLab }

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
	Registry oci.Remote
	// Sleep replaces the wait between retries (tests).
	Sleep func(ctx context.Context, d time.Duration) error
}
