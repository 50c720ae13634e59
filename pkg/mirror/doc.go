// Package mirror copies clusterctl provider releases (and cert-manager) from their
// repositories into one air-gapped repository: it picks providers the way clusterctl
// users name them, resolves `latest` with clusterctl's rules, downloads every release
// file in parallel with a bound, resumes from what an earlier run left, lints each
// release, assembles a release.Set and hands it to a publish.Publisher. Beside the tree
// it writes clusterctl.yaml keys (cert-manager, images), images.txt and mirror.json.
//
// It does not import any backend: sources come in through the Source interface and the
// destination through publish.Publisher; the CLI builds both from provider URLs.
package mirror

import "context"

// Source is one provider's releases in one repository (GitHub releases, a GitLab
// generic package, a local repository folder). A missing file should be an error
// that wraps fs.ErrNotExist.
type Source interface {
	Versions(ctx context.Context) ([]string, error)
	Files(ctx context.Context, version string) ([]string, error)
	File(ctx context.Context, version, name string) ([]byte, error)
}

// Files written beside the release tree.
const (
	ManifestFile = "mirror.json"     // sources, versions, files, sha256, images
	ImagesFile   = "images.txt"      // every container image, sorted, one per line
	ConfigFile   = "clusterctl.yaml" // shared with the local publisher's providers: list
	ChecksumFile = "sha256"          // per version folder, "<hex>  <file>" lines
	CertManager  = "cert-manager"    // clusterctl's label of the cert-manager pseudo-provider
)
