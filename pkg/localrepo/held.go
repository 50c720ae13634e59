package localrepo

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/release"
)

// CheckFolder refuses a path that exists and is not a folder (a repository root or a
// provider folder about to be written).
func CheckFolder(dir string) error {
	fi, err := os.Lstat(dir)
	if err == nil && !fi.IsDir() {
		return fmt.Errorf("checking %s: it exists and is not a directory: move it away, then publish again", dir)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("checking %s: %w", dir, err)
	}
	return nil
}

// Exists reports whether anything is at path (an entry of any kind, not followed).
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// IsFolder reports whether path is a folder (a version folder an earlier run left).
func IsFolder(path string) bool {
	_, folder := Lookup(path)
	return folder
}

// Lookup says whether path exists and is a folder, following symbolic links (a path
// a person gave).
func Lookup(path string) (exists, folder bool) {
	fi, err := os.Stat(path)
	return err == nil, err == nil && fi.IsDir()
}

// Digests hashes what a published version folder holds, as a publisher compares it
// with a release: the sha256 of each regular file, "" for any other entry (so it
// always differs), the checksum file aside. A missing folder gives nil, nil.
func Digests(dir string) (map[string]string, error) {
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("checking %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("checking %s: it exists and is not a directory: move it away, then publish again", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	out := map[string]string{}
	for _, e := range entries {
		if e.Name() == ChecksumFile {
			continue
		}
		if out[e.Name()], err = digest(filepath.Join(dir, e.Name()), e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func digest(path string, e fs.DirEntry) (string, error) {
	if !e.Type().IsRegular() {
		return "", nil
	}
	data, err := fsx.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	return release.SHA256(data), nil
}

// ReadTree reads the named entries of dir, files and folders with their files (names
// relative to dir, slash-separated): what replacing a version keeps beside the
// release. Anything else (a symbolic link, a device) cannot be carried over and is an
// error naming it.
func ReadTree(dir string, names []string) ([]release.File, error) {
	var files []release.File
	for _, n := range names {
		err := filepath.WalkDir(filepath.Join(dir, n), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if !d.Type().IsRegular() {
				return fmt.Errorf("%s is not a regular file or folder, so replacing the version would drop it: move it away, then publish again", path)
			}
			data, err := fsx.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, path)
			files = append(files, release.File{Name: filepath.ToSlash(rel), Data: data})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// Folders lists the folders of dir whose names do not start with "." (the label
// folders of a repository root, _docs/ included); a symbolic link is not a folder.
// The error is os.ReadDir's.
func Folders(dir string) ([]string, error) {
	names, err := List(dir, Listing{})
	if err != nil {
		return nil, errors.Unwrap(err)
	}
	return names, nil
}

// WalkFiles calls fn, in path order, with the path (relative to dir, slash-separated)
// and content of every file under dir whose name keep accepts; folders whose
// names start with "." below dir are passed over.
func WalkFiles(dir string, keep func(name string) bool, fn func(rel string, data []byte) error) error {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !keep(d.Name()) {
			return nil
		}
		data, err := fsx.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		return fn(filepath.ToSlash(rel), data)
	})
	if err != nil {
		return fmt.Errorf("reading %s: %w", dir, err)
	}
	return nil
}

// CheckReplaceable refuses to replace a build output folder capirepo did not create:
// one that holds anything but has no index (IndexFile).
func CheckReplaceable(dir string) error {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) || (err == nil && len(entries) == 0) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("output %s: %w", dir, err)
	}
	if _, err := os.Stat(filepath.Join(dir, IndexFile)); err != nil {
		return fmt.Errorf("output folder %s exists and was not written by capirepo build: choose another --out or empty it", dir)
	}
	return nil
}
