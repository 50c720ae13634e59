// Package repository is the reading side of capirepo: one provider's releases in one
// repository, whatever holds them (a local tree, GitHub releases, GitLab generic
// packages, OCI artifacts, memory). Repository has the shape of clusterctl's own
// (cmd/clusterctl/client/repository/client.go: GetVersions, GetFile, DefaultVersion,
// ComponentsPath, RootPath), plus the listing of a version's files and its signature
// bundles. Where kinds behave differently, Info says so in a field; no reader asks
// a repository for an optional method.
//
// It is a leaf over pkg/layout and pkg/release: the kinds implement it in their own
// packages (localrepo, backend/github, backend/gitlab, backend/oci; Memory here),
// pkg/source builds one from a clusterctl provider URL, and verify, mirror, sign and
// diff read through it.
package repository

import (
	"context"
)

// Kind is the kind of repository.
type Kind string

// Kinds of repository.
const (
	Local  Kind = "local"
	GitHub Kind = "github"
	GitLab Kind = "gitlab"
	OCI    Kind = "oci"
	Memory Kind = "memory"
)

// Repository is one provider's releases in one repository.
//
// Versions returns the names of the version folders, tags or package versions as
// they are, names that are not versions included: a reader applies clusterctl's
// filter itself (layout.ListedVersion), so it can say what clusterctl skips. Files
// lists the file names of one version (unless Info().Unlisted). File reads one file:
// a missing file or version is an error wrapping fs.ErrNotExist, a file over its size
// cap one wrapping httpx.ErrTooLarge. Bundles returns the sigstore bundles of a
// version, none as an empty list: the version's bundle file (BundleFile), or for OCI
// the bundles attached to its artifact as referrers.
type Repository interface {
	Info() Info
	Versions(ctx context.Context) ([]string, error)
	Files(ctx context.Context, version string) ([]string, error)
	File(ctx context.Context, version, name string) ([]byte, error)
	Bundles(ctx context.Context, version string) ([][]byte, error)
}

// Info is what a repository is: what its provider URL names, and the behaviours in
// which kinds differ. The kind's implementation sets Kind, Name and the behaviours;
// whoever opened it (pkg/source, from a URL) sets the rest.
type Info struct {
	Kind       Kind
	Name       string // where, for messages: "github:OWNER/NAME", "local:/srv/repo/infrastructure-aws"
	Label      string // the provider label, e.g. infrastructure-aws
	Components string // the components file the URL names (clusterctl's ComponentsPath)
	Version    string // the version the URL names: "latest", a version, "" when it names none (DefaultVersion)
	Root       string // a local repository's root: {Root}/{Label}/{version}/ (clusterctl's RootPath)
	// SkipsMissing: a `latest` candidate whose metadata.yaml is missing (an error
	// wrapping fs.ErrNotExist) is passed over, as clusterctl's GitHub repository does
	// with a 404; every other kind fails on any read error, as its local one does.
	SkipsMissing bool
	// Unlisted: the version's files cannot be listed (clusterctl never lists them
	// either); a reader reads the files it needs by name.
	Unlisted bool
}

// ResolvesLatest reports whether clusterctl can resolve `latest` in this kind of
// repository: it cannot list GitLab generic packages.
func (i Info) ResolvesLatest() bool { return i.Kind != GitLab }
