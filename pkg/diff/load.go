package diff

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/capirepo/capirepo/pkg/verify"
)

// This file is the only one of the package that reads repositories.

// LoadError is a repository that could not be read; Remote says it was a remote one
// (GitHub, GitLab, a registry) rather than local files.
type LoadError struct {
	Remote bool
	Err    error
}

func (e *LoadError) Error() string { return e.Err.Error() }
func (e *LoadError) Unwrap() error { return e.Err }

// Load reads the releases an argument names: a file, or a folder of release files (a
// file set: one release, named by its folders when they read {label}/{version}); else
// what source.Resolve reads: a repository root or build folder (every provider and
// version), a provider folder (every version), {base}/{label}/{version|latest}/{file},
// or a GitHub, GitLab or oci:// URL (its version; latest resolved as clusterctl
// v1.11+ does). Errors wrapping source.ErrUnsupported are usage mistakes.
func Load(ctx context.Context, arg string, opts source.Options) ([]inventory.Input, error) {
	return load(ctx, arg, opts, false)
}

// LoadHistory is Load reading every version of each provider, whatever version a URL
// names (its label and repository count): the earlier releases of an upgrade check.
func LoadHistory(ctx context.Context, arg string, opts source.Options) ([]inventory.Input, error) {
	return load(ctx, arg, opts, true)
}

func load(ctx context.Context, arg string, opts source.Options, every bool) ([]inventory.Input, error) {
	if in, ok, err := fileSet(arg, opts.Dir); ok || err != nil {
		return []inventory.Input{in}, err
	}
	repos, err := source.Resolve(arg, opts)
	if err != nil {
		return nil, &LoadError{Err: err}
	}
	var out []inventory.Input
	for _, r := range repos {
		info := r.Info()
		version := info.Version
		if every {
			version = ""
		}
		ins, err := readProvider(ctx, r, info.Label, version, info.Name, info.Kind == repository.Local)
		for i := range ins {
			if every {
				ins[i] = ProviderFiles(ins[i], info.Components)
			}
		}
		if err != nil {
			return nil, &LoadError{Remote: info.Kind != repository.Local, Err: fmt.Errorf("reading %s: %w", info.Name, err)}
		}
		out = append(out, ins...)
	}
	return out, nil
}

// readProvider reads one version of r, or every version when version is "";
// local: its label is a local repository's folder name (inventory.Input.Named).
func readProvider(ctx context.Context, r repository.Repository, label, version, src string, local bool) ([]inventory.Input, error) {
	versions := []string{version}
	switch version {
	case "latest":
		v, err := verify.Latest(ctx, r, layout.ContractV1beta2)
		if err != nil {
			return nil, err
		}
		versions = []string{v}
	case "":
		all, err := r.Versions(ctx)
		if err != nil {
			return nil, err
		}
		versions = nil
		for _, v := range layout.SortVersions(all) {
			versions = append([]string{v.String()}, versions...) // oldest first
		}
	}
	var out []inventory.Input
	for _, v := range versions {
		in, err := ReadRelease(ctx, r, v)
		if err != nil {
			return nil, err
		}
		in.Label, in.Source, in.Named = label, src, local
		out = append(out, in)
	}
	return out, nil
}

// ReadRelease reads the YAML files of one version of r (inventory.Reads) and names
// the others.
func ReadRelease(ctx context.Context, r repository.Repository, version string) (inventory.Input, error) {
	in := inventory.Input{Version: version}
	names, err := r.Files(ctx, version)
	if err != nil {
		return in, err
	}
	for _, n := range names {
		if !inventory.Reads(n) {
			in.Unread = append(in.Unread, n)
			continue
		}
		data, err := r.File(ctx, version, n)
		if err != nil {
			return in, err
		}
		in.Files = append(in.Files, release.File{Name: n, Data: data})
	}
	return in, nil
}

// fileSet reads arg when it is a file or a folder holding files and no folder.
func fileSet(arg, dir string) (inventory.Input, bool, error) {
	path := arg
	if !filepath.IsAbs(path) && dir != "" {
		path = filepath.Join(dir, path)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return inventory.Input{}, false, nil // not a local path: source.Resolve says what it is
	}
	names := []string{filepath.Base(path)}
	folder := filepath.Dir(path)
	if fi.IsDir() {
		if subs, err := localrepo.List(path, localrepo.Listing{}); err != nil || len(subs) > 0 {
			return inventory.Input{}, false, nil
		}
		folder = path
		if names, err = localrepo.ReleaseFiles(path, localrepo.RefuseNone); err != nil || len(names) == 0 {
			return inventory.Input{}, false, err
		}
	}
	in := inventory.Input{Source: path}
	if v := filepath.Base(folder); fi.IsDir() && layout.IsVersion(v) {
		in.Version, in.Label, in.Named = v, filepath.Base(filepath.Dir(folder)), true
	}
	for _, n := range names {
		if !inventory.Reads(n) {
			in.Unread = append(in.Unread, n)
			continue
		}
		files, err := localrepo.ReadFiles(folder, []string{n}, 0)
		if err != nil {
			return in, true, &LoadError{Err: err}
		}
		in.Files = append(in.Files, files...)
	}
	return in, true, nil
}

// ProviderFiles keeps, of a release that may hold several providers' files (a GitHub
// release of cluster-api holds core, bootstrap and control plane components), what
// clusterctl reads for the provider whose components file the URL names: that
// components file and the files that are no components file (metadata.yaml,
// templates, ClusterClasses). The others are named only. An empty components name
// keeps everything.
func ProviderFiles(in inventory.Input, components string) inventory.Input {
	if components == "" {
		return in
	}
	var keep []release.File
	for _, f := range in.Files {
		if f.Name != components && layout.FileKind(f.Name) == layout.KindComponents {
			in.Unread = append(in.Unread, f.Name)
			continue
		}
		keep = append(keep, f)
	}
	in.Files = keep
	return in
}
