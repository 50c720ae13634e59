package local

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

// What Publish does with one release.
const (
	opWrite   = release.Written
	opSkip    = release.Skipped
	opReplace = release.Replaced
	opRefuse  = release.Refused
)

// step is the plan for one release: its destination folder and what to do there.
type step struct {
	rel  *release.Release
	dir  string // root/label/version
	op   string
	diff diff // for replace and refuse
}

// diff lists how a published folder differs from a release.
type diff struct {
	Changed, Added, Removed []string
}

func (d diff) empty() bool { return len(d.Changed)+len(d.Added)+len(d.Removed) == 0 }

// String is "changed: a, b; added: c; removed: d".
func (d diff) String() string {
	var parts []string
	for _, p := range []struct {
		what  string
		names []string
	}{{"changed", d.Changed}, {"added", d.Added}, {"removed", d.Removed}} {
		if len(p.names) > 0 {
			parts = append(parts, p.what+": "+strings.Join(p.names, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// plan decides, reading only, what to do with every release of set under root.
func plan(root string, set *release.Set, force bool) ([]step, error) {
	var steps []step
	for _, rel := range set.Releases {
		if err := checkLabelDir(filepath.Join(root, rel.Label())); err != nil {
			return nil, err
		}
		s := step{rel: rel, dir: layout.LocalDir(root, rel.Label(), rel.Version), op: opWrite}
		d, found, err := compare(s.dir, rel)
		if err != nil {
			return nil, err
		}
		switch {
		case found && d.empty():
			s.op = opSkip
		case found && force:
			s.op, s.diff = opReplace, d
		case found:
			s.op, s.diff = opRefuse, d
		}
		steps = append(steps, s)
	}
	return steps, nil
}

func checkLabelDir(dir string) error {
	fi, err := os.Lstat(dir)
	if err == nil && !fi.IsDir() {
		return fmt.Errorf("checking %s: it exists and is not a directory: move it away, then publish again", dir)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("checking %s: %w", dir, err)
	}
	return nil
}

// compare reports whether dir exists and how its files differ from rel's.
func compare(dir string, rel *release.Release) (diff, bool, error) {
	old, odd, err := readFolder(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return diff{}, false, nil
	}
	if err != nil {
		return diff{}, true, err
	}
	var d diff
	for _, f := range rel.Files {
		data, ok := old[f.Name]
		switch {
		case !ok:
			d.Added = append(d.Added, f.Name)
		case odd[f.Name] || !bytes.Equal(data, f.Data):
			d.Changed = append(d.Changed, f.Name)
		}
		delete(old, f.Name)
	}
	for name := range old {
		d.Removed = append(d.Removed, name)
	}
	sort.Strings(d.Removed)
	return d, true, nil
}

// readFolder reads the release files of a published version folder (bookkeeping files
// excluded). Entries that are not regular files are listed in odd, so they always
// count as a difference.
func readFolder(dir string) (files map[string][]byte, odd map[string]bool, err error) {
	fi, err := os.Lstat(dir)
	if err != nil {
		return nil, nil, err
	}
	if !fi.IsDir() {
		return nil, nil, fmt.Errorf("checking %s: it exists and is not a directory: move it away, then publish again", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	files, odd = map[string][]byte{}, map[string]bool{}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		switch {
		case e.Name() == ChecksumFile:
		case !e.Type().IsRegular():
			files[e.Name()], odd[e.Name()] = nil, true
		default:
			if files[e.Name()], err = os.ReadFile(path); err != nil {
				return nil, nil, fmt.Errorf("reading %s: %w", path, err)
			}
		}
	}
	return files, odd, nil
}
