package localrepo

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
)

// MaxChecksumSize caps a version's checksum file.
const MaxChecksumSize = 1 << 20

// ReadCapped reads a regular file of a repository: a folder, a symbolic link or
// another non-regular entry is refused, and so is a file over limit (checked before
// reading, and again while reading).
func ReadCapped(path string, limit int64) ([]byte, error) {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return nil, fmt.Errorf("reading %s: %w", path, err)
	case fi.IsDir():
		return nil, fmt.Errorf("reading %s: it is a folder, not a file; remove it or publish the file", path)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("reading %s: not a regular file (%s): a repository holds plain files only; remove it", path, fi.Mode().Type())
	case fi.Size() > limit:
		return nil, httpx.TooLarge(path, limit)
	}
	f, err := fsx.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	data, err := httpx.ReadAllSized(f, limit, path, fi.Size())
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, nil
}

// ReadChecksums returns a version folder's checksum file as name → sha256; empty
// when it is missing or unreadable.
func ReadChecksums(dir string) map[string]string {
	data, _ := ReadCapped(filepath.Join(dir, ChecksumFile), MaxChecksumSize)
	return parseChecksums(data)
}

// segments rejects labels and versions that are not a single folder name.
func segments(names ...string) error {
	for _, n := range names {
		if n == "" || n == "." || n == ".." || strings.ContainsAny(n, `/\`) {
			return fmt.Errorf("%q is not a provider label or version: it must be one folder name", n)
		}
	}
	return nil
}

// ReadFile reads root/label/version/name as every reader of a repository should:
// label and version must be single folder names and name a release file name, no
// part of the path below root may be a symbolic link, and the file is capped at
// limit (ReadCapped). A missing file is an error wrapping fs.ErrNotExist.
func ReadFile(root, label, version, name string, limit int64) ([]byte, error) {
	if err := segments(label, version); err != nil {
		return nil, err
	}
	if err := layout.ValidateFileName(name); err != nil {
		return nil, err
	}
	path := filepath.Join(layout.LocalDir(root, label, version), name)
	if err := noLinks(root, path); err != nil {
		return nil, err
	}
	return ReadCapped(path, limit)
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
			return fmt.Errorf("reading %s: %s is a symbolic link; %s", path, p, realOnly)
		}
	}
	return nil
}

// ReadFiles reads the named files of dir in that order, each capped by
// repository.CapFor(name, max) (ReadCapped).
func ReadFiles(dir string, names []string, max int64) ([]release.File, error) {
	var out []release.File
	for _, n := range names {
		data, err := ReadCapped(filepath.Join(dir, n), repository.CapFor(n, max))
		if err != nil {
			return nil, err
		}
		out = append(out, release.File{Name: n, Data: data})
	}
	return out, nil
}
