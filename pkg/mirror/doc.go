// Package mirror copies clusterctl provider releases (and cert-manager) from their
// repositories into one air-gapped repository: it picks providers the way clusterctl
// users name them, resolves `latest` with clusterctl's rules, downloads every release
// file in parallel with a bound, resumes from what an earlier run left (or, with
// Force, reads everything again), and lints each release. It then writes the folder
// as one transaction holding the folder's lock (see Tx and Run's steps): the release
// set through publish.Publish, cert-manager, mirror.json, images.txt, extra steps,
// clusterctl.yaml with pinned providers, and a check of the result. Every write is
// staged and renamed through pkg/fsx.
//
// It does not import any backend: providers are read through repository.Repository
// values and written to publish.Destination values, which the CLI builds from the
// flags. It resolves `latest` with verify.Latest, checks signatures with sign, lints
// with check and reads the written folder back with verify itself.
package mirror

// Files written beside the release tree.
const (
	ManifestFile = "mirror.json"  // sources, versions, files, sha256, images
	ImagesFile   = "images.txt"   // every container image, sorted, one per line
	CertManager  = "cert-manager" // clusterctl's label of the cert-manager pseudo-provider
)
