package gitlab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"sort"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/repository"
	gl "gitlab.com/gitlab-org/api/client-go"
)

// Repo reads one provider's package from a GitLab project, for verify and mirror: the
// GitLab kind of repository.Repository. Unlike clusterctl it can list versions
// (through the packages API).
type Repo struct {
	c *conn
	// MaxFileSize caps File for names other than metadata.yaml (which has
	// httpx.MaxMetadataSize); httpx.MaxFileSize when 0.
	MaxFileSize int64
	// About is what the provider URL names (label, components file, version); Info
	// fills in the rest.
	About repository.Info
	lists listings // what the packages API lists, each download is compared with (listed.go)
}

var _ repository.Repository = (*Repo)(nil)

// NewRepo builds a reader; Options.Package is required (usually the provider label).
// A token is optional: public package registries are readable anonymously.
func NewRepo(opts Options) (*Repo, error) {
	if opts.Package == "" {
		return nil, fmt.Errorf("reading GitLab project %s needs the package name: give the provider label, e.g. infrastructure-aws", opts.Project)
	}
	c, err := newConn(opts)
	if err != nil {
		return nil, err
	}
	return &Repo{c: c}, nil
}

// String names the source: "gitlab:<project>/<package>".
func (r *Repo) String() string { return "gitlab:" + r.c.opts.Project + "/" + r.c.opts.Package }

// Info describes the repository.
func (r *Repo) Info() repository.Info {
	i := r.About
	i.Kind, i.Name = repository.GitLab, r.String()
	return i
}

// Bundles is the version's bundle file (repository.BundleFile).
func (r *Repo) Bundles(ctx context.Context, version string) ([][]byte, error) {
	return repository.BundleFile(ctx, r, version)
}

// URL is the clusterctl URL of a file of a version.
func (r *Repo) URL(version, file string) string {
	return layout.GitLabURL(r.c.baseURL(), r.c.opts.Project, r.c.opts.Package, version, file)
}

func (r *Repo) needAPI(what string) error {
	if r.c.opts.TokenKind == TokenDeploy && r.c.opts.Token != "" {
		return fmt.Errorf("%s of package %s in GitLab project %s needs the packages API, which deploy tokens cannot use: use an access token or a CI job token", what, r.c.opts.Package, r.c.opts.Project)
	}
	return nil
}

// Versions lists the package's versions, ordered as clusterctl ranks them (releases
// newest first, then pre-releases); versions that are not SemVer come last.
func (r *Repo) Versions(ctx context.Context) ([]string, error) {
	if err := r.needAPI("listing versions"); err != nil {
		return nil, err
	}
	pkgs, err := r.c.sharedPackages(ctx, r.c.opts.Package)
	if err != nil {
		return nil, fmt.Errorf("listing versions of package %s: %w", r.c.opts.Package, explain(err, r.c.opts.Project, r.c.opts.TokenKind))
	}
	var all, other []string
	for _, p := range pkgs {
		all = append(all, p.Version)
		if !layout.IsVersion(p.Version) {
			other = append(other, p.Version)
		}
	}
	var out []string
	for _, v := range layout.SortVersions(all) {
		out = append(out, v.String())
	}
	sort.Strings(other)
	return append(out, other...), nil
}

// Files lists the file names of a version (each once, sorted). A missing version
// gives an error that matches fs.ErrNotExist.
func (r *Repo) Files(ctx context.Context, version string) ([]string, error) {
	if err := r.needAPI("listing files"); err != nil {
		return nil, err
	}
	remote, err := r.c.sharedListed(ctx, r.c.opts.Package, version)
	if err != nil {
		return nil, fmt.Errorf("listing files of package %s %s: %w", r.c.opts.Package, version, explain(err, r.c.opts.Project, r.c.opts.TokenKind))
	}
	if len(remote) == 0 {
		return nil, fmt.Errorf("package %s has no version %s in GitLab project %s: %w", r.c.opts.Package, version, r.c.opts.Project, fs.ErrNotExist)
	}
	r.lists.put(version, remote)
	names := make([]string, 0, len(remote))
	for n := range remote {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, nil
}

// File downloads a file through the URL clusterctl uses, sending the token as
// "Authorization: Bearer" like clusterctl v1.10+ does with GITLAB_ACCESS_TOKEN, and
// compares it with the listed size and file_sha256 (checkListed). A missing file
// gives an error that matches fs.ErrNotExist; a download that differs from the
// listing one that matches repository.ErrMismatch.
func (r *Repo) File(ctx context.Context, version, name string) ([]byte, error) {
	u := r.URL(version, name)
	var data []byte
	err := r.c.retry(ctx, func(ctx context.Context, _ int) (*gl.Response, error) {
		var err error
		var resp *gl.Response
		data, resp, err = r.get(ctx, u, repository.CapFor(name, r.MaxFileSize))
		return resp, err
	})
	if errors.Is(err, httpx.ErrTooLarge) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("downloading %s: %w", u, explainRead(err, r.c.opts.Project))
	}
	if err := r.checkListed(ctx, version, name, u, data); err != nil {
		return nil, err
	}
	return data, nil
}

func (r *Repo) get(ctx context.Context, u string, limit int64) ([]byte, *gl.Response, error) {
	req, err := http.NewRequestWithContext(httpx.WithAnswerCap(ctx, limit+1), http.MethodGet, u, nil)
	if err != nil {
		return nil, nil, err
	}
	resp, err := r.c.bearer.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		return nil, &gl.Response{Response: resp}, r.c.redact.apiError(resp, body)
	}
	if resp.ContentLength > limit {
		return nil, nil, httpx.TooLarge(u, limit)
	}
	body, err := httpx.ReadAll(resp.Body, limit, u)
	return body, &gl.Response{Response: resp}, err
}

// explainRead adds what to do when a clusterctl-style download fails.
func explainRead(err error, project string) error {
	switch statusOf(err) {
	case http.StatusUnauthorized:
		return fmt.Errorf("%w: unauthorized access, please check your credentials (clusterctl v1.10+ sends GITLAB_ACCESS_TOKEN; older clusterctl needs a public package registry in project %s)", err, project)
	case http.StatusNotFound:
		return fmt.Errorf("%w: the file, version or project %s does not exist, or the token cannot see it", err, project)
	}
	return explain(err, project, "given")
}
