package localrepo

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// ReadSet loads a build output tree, dir/<label>/<version>/<files>, into a release
// set. Provider name, type and components file come from the build index (IndexFile) when it
// has an entry for the label, otherwise from the label prefix and the single
// *-components.yaml of each version. Hidden entries and the sha256 file are skipped;
// symlinks, other non-regular files, non-version folders and unsafe file names are
// errors that name the path.
func ReadSet(dir string) (*release.Set, error) {
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading build output %s: no such folder; run capirepo build --out %s first, or point at the build output folder", dir, dir)
	}
	known, err := readIndex(dir)
	if err != nil {
		return nil, err
	}
	labels, err := subdirs(dir)
	if err != nil {
		return nil, err
	}
	set := &release.Set{}
	for _, label := range labels {
		entry, ok := known[label]
		rels, err := readLabel(filepath.Join(dir, label), label, entry, ok)
		if err != nil {
			return nil, err
		}
		set.Releases = append(set.Releases, rels...)
	}
	if len(set.Releases) == 0 {
		return nil, fmt.Errorf("reading %s: no <provider-label>/<version>/ folders found; point at the build output folder", dir)
	}
	return set, nil
}

func readLabel(dir, label string, known Entry, ok bool) ([]*release.Release, error) {
	versions, err := subdirs(dir)
	if err != nil {
		return nil, err
	}
	var out []*release.Release
	for _, name := range versions {
		v, err := layout.ParseVersion(name)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", filepath.Join(dir, name), err)
		}
		rel, err := readRelease(filepath.Join(dir, name), label, v, known, ok)
		if err != nil {
			return nil, err
		}
		out = append(out, rel)
	}
	return out, nil
}

func readRelease(dir, label string, version layout.Version, known Entry, ok bool) (*release.Release, error) {
	files, err := readFiles(dir)
	if err != nil {
		return nil, err
	}
	rel := &release.Release{Version: version, Files: files}
	if ok {
		rel.Name, rel.Type, rel.ComponentsFile = known.Name, known.Type, known.Components
		if rel.Label() != label {
			return nil, fmt.Errorf("reading %s: the build index names provider %s of type %s, whose folder must be %s; rename the folder or fix the entry",
				dir, rel.Name, rel.Type, rel.Label())
		}
	} else if rel.ComponentsFile, err = findComponents(dir, files); err != nil {
		return nil, err
	}
	if rel.Type == "" {
		rel.Type, rel.Name = layout.ParseLabel(label)
	}
	rel.Sort()
	return rel, nil
}

// readFiles reads the release files of a version folder (any other entry is an
// error naming it).
func readFiles(dir string) ([]release.File, error) {
	names, err := ReleaseFiles(dir, RefuseOther)
	if err != nil {
		return nil, err
	}
	var files []release.File
	for _, n := range names {
		path := filepath.Join(dir, n)
		if err := layout.ValidateFileName(n); err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		data, err := fsx.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		files = append(files, release.File{Name: n, Data: data})
	}
	return files, nil
}

// subdirs lists the folders of dir that can be labels or versions: hidden ones and
// "_"-prefixed ones (build's _docs) are skipped, as are regular files; any other entry
// (a symlink) is an error.
func subdirs(dir string) ([]string, error) {
	return List(dir, Listing{Underscore: true, Refuse: RefuseLinks})
}

// findComponents picks the one components file of a version folder.
func findComponents(dir string, files []release.File) (string, error) {
	var found []string
	for _, f := range files {
		if layout.FileKind(f.Name) == layout.KindComponents {
			found = append(found, f.Name)
		}
	}
	if len(found) == 0 {
		return "", fmt.Errorf("reading %s: no *-components.yaml found; build the tree with capirepo build, whose index names the components file", dir)
	}
	typ, _ := layout.ParseLabel(filepath.Base(filepath.Dir(dir)))
	return layout.MainComponents(typ, found), nil
}
