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

// Repo reads a local repository the way clusterctl's local repository does.
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

// Files lists the release files of one version (the sha256 file excluded).
func (r Repo) Files(ctx context.Context, label, version string) ([]string, error) {
	if err := segments(label, version); err != nil {
		return nil, err
	}
	dir := layout.LocalDir(r.Root, label, version)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", dir, err)
	}
	var out []string
	for _, e := range entries {
		if e.Name() != ChecksumFile && !strings.HasPrefix(e.Name(), ".") && !e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out, ctx.Err()
}

// File reads one file of one version. A missing file is an error wrapping
// fs.ErrNotExist; a folder in its place is an error too, as in clusterctl.
func (r Repo) File(ctx context.Context, label, version, name string) ([]byte, error) {
	if err := segments(label, version); err != nil {
		return nil, err
	}
	if err := layout.ValidateFileName(name); err != nil {
		return nil, err
	}
	path := filepath.Join(layout.LocalDir(r.Root, label, version), name)
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("reading %s: it is a folder, not a file; remove it or publish the file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s from local release %s: %w", path, version, err)
	}
	return data, ctx.Err()
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

// Provider returns one provider of the repository as a verify.Source (with the
// Lister capability). Its Versions returns every sub-folder name, versions or not,
// so verify can warn about the names clusterctl skips.
func (r Repo) Provider(label string) ProviderSource {
	return ProviderSource{repo: r, label: label}
}

// ProviderSource is one provider of a local repository, for pkg/verify.
type ProviderSource struct {
	repo  Repo
	label string
}

// Versions lists every non-hidden sub-folder of the provider folder.
func (p ProviderSource) Versions(ctx context.Context) ([]string, error) {
	if err := segments(p.label); err != nil {
		return nil, err
	}
	names, err := p.repo.dirs(filepath.Join(p.repo.Root, p.label))
	if err != nil {
		return nil, err
	}
	return names, ctx.Err()
}

// File reads one file of one version.
func (p ProviderSource) File(ctx context.Context, version, name string) ([]byte, error) {
	return p.repo.File(ctx, p.label, version, name)
}

// Files lists the files of one version.
func (p ProviderSource) Files(ctx context.Context, version string) ([]string, error) {
	return p.repo.Files(ctx, p.label, version)
}
