package source

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/repository"
)

// ErrNoProviders marks a local folder that holds no provider folder.
var ErrNoProviders = errors.New("no provider folders")

// Resolve is For plus what a person may point verify at: a repository root (every
// provider folder in it; folders starting with "." or "_", such as build's _docs/, and
// cert-manager are skipped), a provider folder {base}/{label}, a build output folder,
// and relative paths (resolved against o.Dir, or the working directory when empty).
// A path that does not exist gives an error wrapping fs.ErrNotExist; credentials in
// raw or o are refused as For refuses them.
func Resolve(raw string, o Options) ([]repository.Repository, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "" && u.Scheme != "file") {
		r, err := For(raw, o)
		return []repository.Repository{r}, err
	}
	if err := noCredentials(raw, o); err != nil {
		return nil, err
	}
	path, err := absolute(localPath(u, raw), o.Dir)
	if err != nil {
		return nil, err
	}
	return resolveLocal(path, o.MaxFileSize)
}

func absolute(p, dir string) (string, error) {
	if filepath.IsAbs(p) {
		return filepath.Clean(p), nil
	}
	if dir != "" {
		return filepath.Join(dir, p), nil
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", fmt.Errorf("resolving the path %s: %w", p, err)
	}
	return abs, nil
}

func resolveLocal(p string, max int64) ([]repository.Repository, error) {
	exists, folder := localrepo.Lookup(p)
	switch {
	case folder && hasVersions(p):
		return []repository.Repository{local(filepath.Dir(p), filepath.Base(p), max)}, nil
	case folder:
		return rootProviders(p, max)
	case exists || isProviderURL(p):
		r, err := openLocalURL(p, max) // {base}/{label}/{version|latest}/{file}: the file may not exist (latest)
		return []repository.Repository{r}, err
	}
	return nil, fmt.Errorf("%s does not exist: give a repository root, a provider folder {base}/{label}, or {base}/{label}/{version|latest}/{components file}: %w", p, fs.ErrNotExist)
}

// isProviderURL reports {base}/{label}/{latest|version}/{file} with an existing label folder.
func isProviderURL(p string) bool {
	v := filepath.Base(filepath.Dir(p))
	return (v == "latest" || layout.IsVersion(v)) && localrepo.IsFolder(filepath.Dir(filepath.Dir(p)))
}

// hasVersions reports a folder with at least one sub-folder named as a version.
func hasVersions(dir string) bool {
	names, _ := localrepo.List(dir, localrepo.Listing{Refuse: localrepo.RefuseLinks})
	for _, n := range names {
		if layout.IsVersion(n) {
			return true
		}
	}
	return false
}

// rootProviders lists the provider folders of a repository root.
func rootProviders(root string, max int64) ([]repository.Repository, error) {
	names, err := localrepo.List(root, localrepo.Listing{Underscore: true, Refuse: localrepo.RefuseLinks}) // not build's _docs
	if err != nil {
		return nil, err
	}
	var out []repository.Repository
	for _, n := range names {
		if n == "cert-manager" {
			continue // read by version, it needs no metadata.yaml
		}
		out = append(out, local(root, n, max))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w (<label>/<version>/) found", root, ErrNoProviders)
	}
	return out, nil
}

// local is the provider folder root/label, its components file taken from its newest
// version (repository.MainComponents).
func local(root, label string, max int64) repository.Repository {
	r := localrepo.NewRepo(root, label, max)
	r.About.Components = repository.MainComponents(context.Background(), r, label)
	return r
}
