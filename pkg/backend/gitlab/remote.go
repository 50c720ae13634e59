package gitlab

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"sort"

	gl "gitlab.com/gitlab-org/api/client-go"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/release"
)

// remoteFile is one stored package file. ID is 0 when it was found by downloading
// (deploy tokens cannot use the packages API), which sees only the newest duplicate.
type remoteFile struct {
	ID, PackageID int64
	Name, SHA256  string
	Size          int64
}

// remoteVersion maps a file name to its stored copies, oldest first.
type remoteVersion map[string][]remoteFile

// newest is the copy GitLab serves for a name.
func (v remoteVersion) newest(name string) (remoteFile, bool) {
	fs := v[name]
	if len(fs) == 0 {
		return remoteFile{}, false
	}
	return fs[len(fs)-1], true
}

// packages lists the project's generic packages named exactly name. GitLab's
// package_name filter is a substring match, so the exact comparison is done here.
func (c *conn) packages(ctx context.Context, name string) ([]*gl.Package, error) {
	all, err := listPages(ctx, c, "listing the packages "+name+" of GitLab project "+c.opts.Project, func(ctx context.Context, page int64) ([]*gl.Package, *gl.Response, error) {
		opt := &gl.ListProjectPackagesOptions{PackageType: gl.Ptr("generic"), PackageName: gl.Ptr(name)}
		opt.PerPage, opt.Page = 100, page
		return c.api.Packages.ListProjectPackages(c.opts.Project, opt, gl.WithContext(ctx))
	})
	if err != nil {
		return nil, err
	}
	var out []*gl.Package
	for _, p := range all {
		if p.Name == name {
			out = append(out, p)
		}
	}
	return out, nil
}

// packageFiles lists every file of one package, duplicates included.
func (c *conn) packageFiles(ctx context.Context, id int64) ([]*gl.PackageFile, error) {
	return listPages(ctx, c, fmt.Sprintf("listing the files of package %d of GitLab project %s", id, c.opts.Project), func(ctx context.Context, page int64) ([]*gl.PackageFile, *gl.Response, error) {
		opt := &gl.ListPackageFilesOptions{}
		opt.PerPage, opt.Page = 100, page
		return c.api.Packages.ListPackageFiles(c.opts.Project, id, opt, gl.WithContext(ctx))
	})
}

// listPages reads every page of a listing, each with retries, within the run's caps
// (httpx.NewListing: page size, pages, a next page already read, entries); a failed
// attempt asks for the same page again (its answer carries no next page to follow).
// A null entry is dropped.
func listPages[T any](ctx context.Context, c *conn, what string, get func(ctx context.Context, page int64) ([]*T, *gl.Response, error)) ([]*T, error) {
	ctx, listing := httpx.NewListing(ctx, what, 0)
	var out []*T
	for page := int64(1); page != 0; {
		var items []*T
		next := int64(0)
		err := c.retry(ctx, func(ctx context.Context, _ int) (*gl.Response, error) {
			got, resp, err := get(ctx, page)
			if err == nil && resp != nil {
				items, next = got, resp.NextPage
			}
			return resp, err
		})
		if err != nil {
			return nil, err
		}
		if err := listing.Add(len(items)); err != nil {
			return nil, err
		}
		out, page = append(out, nonNil(items)...), next
	}
	return out, nil
}

// nonNil drops the null entries of a decoded listing.
func nonNil[T any](xs []*T) []*T {
	out := xs[:0]
	for _, x := range xs {
		if x != nil {
			out = append(out, x)
		}
	}
	return out
}

// listed reads a package version through the packages API.
func (c *conn) listed(ctx context.Context, name, version string) (remoteVersion, error) {
	pkgs, err := c.packages(ctx, name)
	if err != nil {
		return nil, err
	}
	out := remoteVersion{}
	for _, p := range pkgs {
		if p.Version != version {
			continue
		}
		files, err := c.packageFiles(ctx, p.ID)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			out[f.FileName] = append(out[f.FileName], remoteFile{ID: f.ID, PackageID: p.ID, Name: f.FileName, SHA256: f.FileSHA256, Size: f.Size})
		}
	}
	for _, fs := range out {
		sort.SliceStable(fs, func(i, j int) bool { return fs[i].ID < fs[j].ID })
	}
	return out, nil
}

// probed reads a package version by downloading each named file (deploy tokens).
func (c *conn) probed(ctx context.Context, name, version string, names []string) (remoteVersion, error) {
	out := remoteVersion{}
	for _, n := range names {
		data, err := c.download(ctx, name, version, n)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[n] = []remoteFile{{Name: n, SHA256: release.SHA256(data), Size: int64(len(data))}}
	}
	return out, nil
}

// remote reads what a package version holds, by the packages API or, for deploy
// tokens, by downloading the given names.
func (c *conn) remote(ctx context.Context, name, version string, names []string) (remoteVersion, error) {
	if c.opts.TokenKind == TokenDeploy {
		return c.probed(ctx, name, version, names)
	}
	return c.listed(ctx, name, version)
}

// download fetches a file through the API client (GitLab serves the newest duplicate).
func (c *conn) download(ctx context.Context, name, version, file string) ([]byte, error) {
	var data []byte
	ctx = httpx.WithAnswerCap(ctx, httpx.MaxFileSize+1)
	err := c.retry(ctx, func(ctx context.Context, _ int) (*gl.Response, error) {
		b, resp, err := c.api.GenericPackages.DownloadPackageFile(c.opts.Project, name, version, file, gl.WithContext(ctx))
		data = b
		return resp, err
	})
	return data, err
}
