package localrepo

import (
	"context"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/repository"
)

// Repo is one provider of a local repository, {root}/{label}/{version}/{file}, read
// the way clusterctl's local repository reads it, but refusing symbolic links (as
// publish local does) and files over their cap: the local kind of
// repository.Repository.
type Repo struct {
	root, label string
	max         int64
	// About is what the provider URL names beyond the folder: the components file and
	// the version ("latest", a version or ""). Info fills in the rest.
	About repository.Info
}

var _ repository.Repository = (*Repo)(nil)

// NewRepo reads the provider label under root; max caps files other than
// metadata.yaml (httpx.MaxFileSize when 0).
func NewRepo(root, label string, max int64) *Repo {
	return &Repo{root: root, label: label, max: max}
}

// String is "local:{root}/{label}".
func (r *Repo) String() string { return "local:" + filepath.Join(r.root, r.label) }

// Info describes the repository: its root and label, and what About says.
func (r *Repo) Info() repository.Info {
	i := r.About
	i.Kind, i.Name, i.Root, i.Label = repository.Local, r.String(), r.root, r.label
	return i
}

// Versions lists every non-hidden sub-folder of the provider folder (versions or not).
func (r *Repo) Versions(ctx context.Context) ([]string, error) {
	if err := segments(r.label); err != nil {
		return nil, err
	}
	names, err := List(filepath.Join(r.root, r.label), Listing{Refuse: RefuseLinks})
	if err != nil {
		return nil, err
	}
	return names, ctx.Err()
}

// Files lists the files of a version (the sha256 bookkeeping file excluded).
func (r *Repo) Files(ctx context.Context, version string) ([]string, error) {
	if err := segments(r.label, version); err != nil {
		return nil, err
	}
	names, err := ReleaseFiles(layout.LocalDir(r.root, r.label, version), RefuseLinks)
	if err != nil {
		return nil, err
	}
	return names, ctx.Err()
}

// File reads one file of a version.
func (r *Repo) File(ctx context.Context, version, name string) ([]byte, error) {
	data, err := ReadFile(r.root, r.label, version, name, repository.CapFor(name, r.max))
	if err != nil {
		return nil, err
	}
	return data, ctx.Err()
}

// Bundles is the version's bundle file (repository.BundleFile).
func (r *Repo) Bundles(ctx context.Context, version string) ([][]byte, error) {
	return repository.BundleFile(ctx, r, version)
}
