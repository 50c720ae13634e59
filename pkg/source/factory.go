package source

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/repository"
)

// ErrUnsupported marks a URL clusterctl cannot read (a usage mistake).
var ErrUnsupported = errors.New("unsupported provider URL")

// For returns the reader a clusterctl provider URL points at:
//   - an absolute path or file:// URL {base}/{label}/{version|latest}/{file};
//   - https://github.com/{owner}/{repo}/releases/{tag|latest}/{file};
//   - https://{host}/api/v4/projects/{project}/packages/generic/{package}/{version}/{file}
//     (http too, for tests and mirrors: verify reports clusterctl's own refusal);
//   - oci://{registry}/{repository}[:{tag}] (see oci.go).
//
// Errors for URLs of no supported form wrap ErrUnsupported. Credentials written into
// the URL or o's instance URLs (https://user:token@host/...) are refused the same way
// (NoCredentials), and never appear in an error.
func For(raw string, o Options) (repository.Repository, error) {
	if err := noCredentials(raw, o); err != nil {
		return nil, err
	}
	p, err := forURL(raw, o)
	return p, redactUserinfo(raw, err)
}

func forURL(raw string, o Options) (repository.Repository, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("provider URL %q: %w: %w", raw, ErrUnsupported, err)
	}
	switch {
	case u.Scheme == "https" && u.Host == "github.com":
		return openGitHub(raw, o)
	case (u.Scheme == "https" || u.Scheme == "http") && strings.Contains(u.EscapedPath(), "/packages/generic/"):
		return openGitLab(raw, o)
	case u.Scheme == "oci":
		return openOCI(u, o)
	case u.Scheme == "file" || (u.Scheme == "" && filepath.IsAbs(raw)):
		return openLocalURL(localPath(u, raw), o.MaxFileSize)
	case u.Scheme == "":
		return nil, fmt.Errorf("provider URL %q: %w: a local path must be absolute, as clusterctl requires", raw, ErrUnsupported)
	}
	return nil, fmt.Errorf("provider URL %q: %w: clusterctl reads only local paths, file://, https://github.com/.../releases/... and GitLab generic package URLs", raw, ErrUnsupported)
}

func localPath(u *url.URL, raw string) string {
	if u.Scheme == "file" {
		return filepath.FromSlash(u.Path)
	}
	return raw
}

// openLocalURL splits {base}/{label}/{version|latest}/{file} (layout.SplitLocal),
// below a base folder of its own.
func openLocalURL(p string, max int64) (repository.Repository, error) {
	p = filepath.Clean(p)
	l, ok := layout.SplitLocal(p)
	if !ok || strings.Count(p, string(filepath.Separator)) < 4 {
		return nil, fmt.Errorf("local provider URL %s: %w: want {base}/{label}/{version|latest}/{components file}", p, ErrUnsupported)
	}
	r := localrepo.NewRepo(l.Base, l.Label, max)
	r.About = repository.Info{Version: l.Version, Components: l.File}
	return r, nil
}
