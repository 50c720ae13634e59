package localrepo

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/layout"
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
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	data, err := httpx.ReadAll(f, limit, path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return data, nil
}

// ReadChecksums returns a version folder's checksum file as name → sha256; empty
// when it is missing or unreadable.
func ReadChecksums(dir string) map[string]string {
	data, _ := ReadCapped(filepath.Join(dir, ChecksumFile), MaxChecksumSize)
	return ParseChecksums(data)
}

// Segments rejects labels and versions that are not a single folder name.
func Segments(names ...string) error {
	for _, n := range names {
		if n == "" || n == "." || n == ".." || strings.ContainsAny(n, `/\`) {
			return fmt.Errorf("%q is not a provider label or version: it must be one folder name", n)
		}
	}
	return nil
}

// Labels lists the provider folders of root the way clusterctl's local repository
// does: non-hidden sub-folders, sorted (a symbolic link is not a folder).
func Labels(root string) ([]string, error) { return dirs(root) }

// Versions lists a provider's versions the way clusterctl's local repository does:
// the sub-folders whose names are semantic versions; files and other names are
// skipped.
func Versions(root, label string) ([]string, error) {
	if err := Segments(label); err != nil {
		return nil, err
	}
	names, err := dirs(filepath.Join(root, label))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range names {
		if layout.IsVersion(n) {
			out = append(out, n)
		}
	}
	return out, nil
}

// dirs lists the non-hidden sub-folders of dir, sorted, by entry type.
func dirs(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing release folders in %s: %w", dir, err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}
