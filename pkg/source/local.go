package source

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

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
	names, err := entries(filepath.Join(l.root, l.label), true)
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
	names, err := entries(layout.LocalDir(l.root, l.label, version), false)
	if err != nil {
		return nil, err
	}
	out := names[:0]
	for _, n := range names {
		if n != localrepo.ChecksumFile {
			out = append(out, n)
		}
	}
	return out, ctx.Err()
}

// File reads one file of a version.
func (l *Local) File(ctx context.Context, version, name string) ([]byte, error) {
	if err := localrepo.Segments(l.label, version); err != nil {
		return nil, err
	}
	if err := layout.ValidateFileName(name); err != nil {
		return nil, err
	}
	path := filepath.Join(layout.LocalDir(l.root, l.label, version), name)
	if err := noLinks(l.root, path); err != nil {
		return nil, err
	}
	data, err := localrepo.ReadCapped(path, httpx.CapFor(name, l.max))
	if err != nil {
		return nil, err
	}
	return data, ctx.Err()
}

// entries lists the non-hidden folders (dirs) or files (!dirs) of dir, sorted; a
// symbolic link or special file is an error naming it.
func entries(dir string, dirs bool) ([]string, error) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	var out []string
	for _, e := range es {
		switch {
		case strings.HasPrefix(e.Name(), "."):
		case e.Type()&fs.ModeSymlink != 0:
			return nil, fmt.Errorf("reading %s: a symbolic link; a repository must hold real files and folders (publish local refuses links too)", filepath.Join(dir, e.Name()))
		case e.IsDir() == dirs && (dirs || e.Type().IsRegular()):
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// noLinks refuses a path below root any of whose parts is a symbolic link.
func noLinks(root, path string) error {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return err
	}
	p := root
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		p = filepath.Join(p, part)
		fi, err := os.Lstat(p)
		if err != nil {
			return fmt.Errorf("reading %s: %w", path, err)
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("reading %s: %s is a symbolic link; a repository must hold real files and folders (publish local refuses links too)", path, p)
		}
	}
	return nil
}
