package main

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// cloneTime is the time of every file of the copy: a fresh clone is older than
// whatever is built in it afterwards (make sees bin/'s tools as up to date).
var cloneTime = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

// ignored is what a fresh clone lacks: .git and what .gitignore names (bin/, any
// dist/, *.test, *.out).
func ignored(rel string, dir bool) bool {
	base := path.Base(rel)
	switch {
	case rel == ".git", rel == "bin", dir && base == "dist":
		return true
	}
	return !dir && (strings.HasSuffix(base, ".test") || strings.HasSuffix(base, ".out"))
}

// copyRepo copies the repository's files, as a fresh clone has them, to dst.
func copyRepo(t *testing.T, root, dst string) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if ignored(filepath.ToSlash(rel), d.IsDir()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		return copyEntry(p, filepath.Join(dst, rel), d)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyEntry copies one file, folder or symbolic link, dated cloneTime.
func copyEntry(src, dst string, d os.DirEntry) error {
	fi, err := d.Info()
	switch {
	case err != nil:
		return err
	case d.IsDir():
		return os.MkdirAll(dst, 0o755)
	case fi.Mode()&os.ModeSymlink != 0:
		link, err := os.Readlink(src)
		if err != nil {
			return err
		}
		return os.Symlink(link, dst)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.WriteFile(dst, data, fi.Mode().Perm()); err != nil {
		return err
	}
	return os.Chtimes(dst, cloneTime, cloneTime)
}

// snapshot is the digest of every file of the copy but bin/ and dist/ (what make
// example and make install-tools write), by path.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch {
		case rel == "bin" || rel == "dist":
			return filepath.SkipDir
		case d.IsDir():
			out[rel+"/"] = "dir"
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil && d.Type()&fs.ModeSymlink == 0 {
			return err
		}
		out[rel] = fmt.Sprintf("%x %v", sha256.Sum256(data), d.Type())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// changes are the paths added, removed or changed between two snapshots.
func changes(before, after map[string]string) []string {
	var out []string
	for p, h := range after {
		if before[p] != h {
			out = append(out, p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			out = append(out, p+" (removed)")
		}
	}
	slices.Sort(out)
	return out
}

func mkdir(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}
