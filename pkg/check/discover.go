package check

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
)

// Target is one release to lint, read from paths: a release folder, or loose files
// assembled into a release.
type Target struct {
	Release *release.Release
	Dir     string // shown before file names
	Partial bool   // loose files: cross-file rules off
	// Shared names the files other targets lint too (a flat folder's metadata.yaml):
	// Once reports each of their findings once.
	Shared []string
	// Findings are what discovery found: evidence about the provider or the version
	// that disagrees or is missing (provider-identity, provider-identity-missing).
	Findings lint.Findings
}

// Discover turns lint PATH arguments into targets: a file, a release folder
// (<label>/<version>/), a repository root holding such folders, or a folder of
// templates. Every error is about reading the input.
func Discover(paths []string) ([]Target, error) {
	var out []Target
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", p, err)
		}
		var ts []Target
		if fi.IsDir() {
			ts, err = discoverDir(p)
		} else {
			ts, err = fileTarget(p)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, ts...)
	}
	return out, nil
}

// looseVersion is the version of loose files, which have none.
var looseVersion = layout.MustParseVersion("v0.0.0")

// fileTarget assembles one loose file into a release of version v0.0.0.
func fileTarget(p string) ([]Target, error) {
	data, err := fsx.ReadFile(p)
	if err != nil {
		return nil, err
	}
	f := release.File{Name: filepath.Base(p), Data: data}
	r := &release.Release{Version: looseVersion, Files: []release.File{f}}
	t := Target{Release: r, Dir: filepath.Dir(p), Partial: true}
	r.Provider = layout.Provider{Type: layout.InfrastructureProvider, Name: "unknown"}
	if k := layout.FileKind(f.Name); k == layout.KindComponents || k == layout.KindOther {
		r.ComponentsFile = f.Name
		e := gather(f, "")
		r.Provider = e.identity()
		for _, fd := range e.identityFindings(r.Provider, f.Name) {
			fd.File = path.Join(t.Dir, fd.File)
			t.Findings = append(t.Findings, fd)
		}
	}
	return []Target{t}, nil
}

// discoverDir treats a folder with release files as a release (flat.go: one target
// per provider its components files name), otherwise as a repository root
// (<label>/<version>/ below it), otherwise as a templates folder.
func discoverDir(dir string) ([]Target, error) {
	if ts, ok, err := releaseFolder(dir); ok || err != nil {
		return ts, err
	}
	var out []Target
	for _, v := range versionFolders(dir) {
		ts, _, err := releaseFolder(v)
		if err != nil {
			return nil, err
		}
		out = append(out, ts...)
	}
	if len(out) > 0 {
		return out, nil
	}
	if t, ok, err := templatesDir(dir); ok || err != nil {
		return []Target{t}, err
	}
	return nil, fmt.Errorf("%s: no release found: want a <label>/<version>/ folder with metadata.yaml and a *-components.yaml, a repository root holding such folders, or a folder of cluster-template*.yaml / clusterclass-*.yaml", dir)
}

// versionFolders are the <label>/<version> folders below a repository root
// (localrepo's listing: no hidden names, no links), sorted by path.
func versionFolders(root string) []string {
	var out []string
	labels, _ := localrepo.List(root, localrepo.Listing{})
	for _, l := range labels {
		versions, _ := localrepo.List(filepath.Join(root, l), localrepo.Listing{})
		for _, v := range versions {
			out = append(out, filepath.Join(root, l, v))
		}
	}
	sort.Strings(out)
	return out
}
