package source

import (
	"context"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
)

// Local reads {root}/{label}/{version}/{file} the way clusterctl's local repository
// does, but refuses symbolic links (as publish local does) and files over their cap.
type Local struct {
	root, label string
	max         int64
}

// NewLocal reads the provider label under root; max caps files other than
// metadata.yaml (httpx.MaxFileSize when 0).
func NewLocal(root, label string, max int64) *Local {
	return &Local{root: root, label: label, max: max}
}

// String is "local:{root}/{label}".
func (l *Local) String() string { return "local:" + filepath.Join(l.root, l.label) }

// Versions lists every non-hidden sub-folder of the provider folder (versions or not).
func (l *Local) Versions(ctx context.Context) ([]string, error) {
	if err := localrepo.Segments(l.label); err != nil {
		return nil, err
	}
	names, err := localrepo.List(filepath.Join(l.root, l.label), localrepo.Listing{Refuse: localrepo.RefuseLinks})
	if err != nil {
		return nil, err
	}
	return names, ctx.Err()
}

// Files lists the files of a version (the sha256 bookkeeping file excluded).
func (l *Local) Files(ctx context.Context, version string) ([]string, error) {
	if err := localrepo.Segments(l.label, version); err != nil {
		return nil, err
	}
	names, err := localrepo.ReleaseFiles(layout.LocalDir(l.root, l.label, version), localrepo.RefuseLinks)
	if err != nil {
		return nil, err
	}
	return names, ctx.Err()
}

// File reads one file of a version.
func (l *Local) File(ctx context.Context, version, name string) ([]byte, error) {
	data, err := localrepo.ReadFile(l.root, l.label, version, name, httpx.CapFor(name, l.max))
	if err != nil {
		return nil, err
	}
	return data, ctx.Err()
}
