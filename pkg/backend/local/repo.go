package local

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
)

// Repo lists the providers and versions of a local repository the way clusterctl's
// local repository does. Files are read through pkg/source (source.NewLocal), the one
// reader of verify and mirror, which also refuses links and caps sizes.
type Repo struct {
	Root string
}

// Labels lists the provider folders of the repository (hidden entries skipped).
func (r Repo) Labels(ctx context.Context) ([]string, error) {
	names, err := r.dirs(r.Root)
	if err != nil {
		return nil, err
	}
	return names, ctx.Err()
}

// Versions lists a provider's versions with clusterctl's semantics: the
// sub-folders whose names are semantic versions; files and other names are
// silently skipped.
func (r Repo) Versions(ctx context.Context, label string) ([]string, error) {
	if err := segments(label); err != nil {
		return nil, err
	}
	names, err := r.dirs(filepath.Join(r.Root, label))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range names {
		if layout.IsVersion(n) {
			out = append(out, n)
		}
	}
	return out, ctx.Err()
}

// segments rejects labels and versions that are not a single path segment.
func segments(names ...string) error {
	for _, n := range names {
		if n == "" || n == "." || n == ".." || strings.ContainsAny(n, `/\`) {
			return fmt.Errorf("%q is not a provider label or version: it must be one folder name", n)
		}
	}
	return nil
}

// dirs lists the non-hidden sub-folders of dir, sorted. Like clusterctl it uses the
// entry type, so a symbolic link to a folder is not a version.
func (r Repo) dirs(dir string) ([]string, error) {
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
