package repository

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"slices"

	"github.com/capirepo/capirepo/pkg/release"
)

// InMemory is a repository held in memory: the reference implementation of Repository
// (its tests, and the fake of every reader's tests), and what files read elsewhere
// become (a built release set, a set of files). Fill it with Put, PutRelease and
// Attach before reading; reads may then run in parallel.
type InMemory struct {
	info     Info
	versions map[string]map[string][]byte // version -> file -> content
	bundles  map[string][][]byte          // bundles kept beside the version (Attach), as OCI referrers
}

// NewInMemory returns an empty repository described by info (Kind and Name default to
// Memory and "memory:<label>").
func NewInMemory(info Info) *InMemory {
	if info.Kind == "" {
		info.Kind = Memory
	}
	if info.Name == "" {
		info.Name = "memory:" + info.Label
	}
	return &InMemory{info: info, versions: map[string]map[string][]byte{}}
}

// Put adds a file of a version (an empty name adds only the version).
func (m *InMemory) Put(version, name string, data []byte) *InMemory {
	if m.versions[version] == nil {
		m.versions[version] = map[string][]byte{}
	}
	if name != "" {
		m.versions[version][name] = data
	}
	return m
}

// PutRelease adds every file of r as its version.
func (m *InMemory) PutRelease(r *release.Release) *InMemory {
	m.Put(r.Version.String(), "", nil)
	for _, f := range r.Files {
		m.Put(r.Version.String(), f.Name, f.Data)
	}
	return m
}

// Attach keeps a bundle beside a version, not among its files (as OCI referrers); a
// repository with any attached bundle reads bundles only from there.
func (m *InMemory) Attach(version string, bundle []byte) *InMemory {
	if m.bundles == nil {
		m.bundles = map[string][][]byte{}
	}
	m.bundles[version] = append(m.bundles[version], bundle)
	return m
}

// Info describes the repository.
func (m *InMemory) Info() Info { return m.info }

// Versions lists the versions, sorted by name.
func (m *InMemory) Versions(ctx context.Context) ([]string, error) {
	return slices.Sorted(maps.Keys(m.versions)), ctx.Err()
}

// Files lists a version's file names, sorted.
func (m *InMemory) Files(ctx context.Context, version string) ([]string, error) {
	if m.info.Unlisted {
		return nil, fmt.Errorf("%s cannot list the files of a version", m.info.Name)
	}
	files, err := m.version(version)
	if err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(files)), ctx.Err()
}

// File reads one file; a missing one wraps fs.ErrNotExist.
func (m *InMemory) File(ctx context.Context, version, name string) ([]byte, error) {
	files, err := m.version(version)
	if err != nil {
		return nil, err
	}
	data, ok := files[name]
	if !ok {
		return nil, fmt.Errorf("%s: version %s has no file %s: %w", m.info.Name, version, name, fs.ErrNotExist)
	}
	return data, ctx.Err()
}

// Bundles returns the attached bundles, or else the version's bundle file.
func (m *InMemory) Bundles(ctx context.Context, version string) ([][]byte, error) {
	if m.bundles != nil {
		return m.bundles[version], ctx.Err()
	}
	return BundleFile(ctx, m, version)
}

func (m *InMemory) version(version string) (map[string][]byte, error) {
	files, ok := m.versions[version]
	if !ok {
		return nil, fmt.Errorf("%s has no version %s: %w", m.info.Name, version, fs.ErrNotExist)
	}
	return files, nil
}
