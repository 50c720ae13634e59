package localrepo

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
)

// Listing says which entries of a repository folder List returns. Names starting
// with "." (staging, other tools' files) are always passed over.
type Listing struct {
	Files      bool   // the regular files; otherwise the folders
	Underscore bool   // pass over "_"-prefixed names too (build's _docs/)
	Refuse     Refuse // which other entries are errors
}

// Refuse says which entries List refuses, naming their path, rather than passing over.
type Refuse int

const (
	// RefuseNone passes over every other entry, as clusterctl's listing does (a
	// symbolic link to a folder is not a folder).
	RefuseNone Refuse = iota
	// RefuseLinks refuses symbolic links and special files; entries of the other
	// kind (files beside folders, folders beside files) are passed over.
	RefuseLinks
	// RefuseOther also refuses a folder among files: a release holds plain files only.
	RefuseOther
	// RefuseSpecial refuses special files only (named pipes, sockets, devices) and
	// passes over links and entries of the other kind: a reader that must not
	// mistake a pipe for a missing file.
	RefuseSpecial
)

// List returns the names of dir's entries that l asks for, sorted.
func List(dir string, l Listing) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	var out []string
	for _, e := range entries {
		keep, err := l.keep(dir, e)
		if err != nil {
			return nil, err
		}
		if keep {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

func (l Listing) keep(dir string, e fs.DirEntry) (bool, error) {
	name, t := e.Name(), e.Type()
	switch {
	case strings.HasPrefix(name, "."), l.Underscore && strings.HasPrefix(name, "_"):
		return false, nil
	case l.Files && t.IsRegular(), !l.Files && t.IsDir():
		return true, nil
	case t.IsRegular(), t.IsDir() && l.Refuse != RefuseOther, l.Refuse == RefuseNone:
		return false, nil
	case t&(fs.ModeSymlink|fs.ModeDir) == 0 && t&fs.ModeType != 0: // a special file
		return false, fmt.Errorf("reading %s: %w", filepath.Join(dir, name), fsx.SpecialError(t))
	case l.Refuse == RefuseSpecial:
		return false, nil
	}
	want := "folder"
	if l.Files {
		want = "regular file"
	}
	return false, fmt.Errorf("reading %s: %s, not a %s; %s", filepath.Join(dir, name), kind(t), want, realOnly)
}

// realOnly ends every refusal of a link or special file.
const realOnly = "a repository holds real folders and plain files only, as publish local writes it: put the content itself there, or move the entry out"

// kind names an entry's type for errors.
func kind(t fs.FileMode) string {
	switch {
	case t&fs.ModeSymlink != 0:
		return "a symbolic link"
	case t.IsDir():
		return "a folder"
	}
	return "a special file (" + t.String() + ")"
}

// ReleaseFiles lists the release files of a version folder: its regular files, the
// checksum file aside, with refuse for anything else.
func ReleaseFiles(dir string, refuse Refuse) ([]string, error) {
	names, err := List(dir, Listing{Files: true, Refuse: refuse})
	if err != nil {
		return nil, err
	}
	out := names[:0]
	for _, n := range names {
		if n != ChecksumFile {
			out = append(out, n)
		}
	}
	return out, nil
}

// Labels lists the provider folders of root the way clusterctl's local repository
// does: non-hidden sub-folders, sorted (a symbolic link is not a folder).
func Labels(root string) ([]string, error) { return List(root, Listing{}) }

// Versions lists a provider's versions the way clusterctl's local repository does:
// the sub-folders whose names are semantic versions; files and other names are
// skipped.
func Versions(root, label string) ([]string, error) {
	if err := segments(label); err != nil {
		return nil, err
	}
	names, err := List(filepath.Join(root, label), Listing{})
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
