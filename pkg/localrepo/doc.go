// Package localrepo is the on-disk model of a clusterctl local repository,
// ROOT/<provider-label>/<version>/<files>, and of capirepo's build output (the same
// tree plus the .capirepo-build index): the names capirepo keeps beside release files,
// the sha256 checksum file (codec), the index, the reader (size caps, no links, the
// version folders clusterctl lists) and the staged version-folder and tree writers.
// Build output (pkg/output), publish local (pkg/backend/local), mirror, source and
// lint use it; nothing else knows the layout's bookkeeping files. The locks its
// writers take, and the removal of what a dead run staged, are pkg/fsx's (the
// root's publisher lock is fsx.Lock, ROOT/.capirepo.lock).
package localrepo

// Files capirepo keeps in a repository besides the release files (and
// clusterctlcfg.File, ROOT/clusterctl.yaml, and fsx.LockFile, ROOT/.capirepo.lock).
const (
	ChecksumFile = "sha256"          // per version: "<hex>  <file>" lines, like sha256sum
	IndexFile    = ".capirepo-build" // in build output: marks it and indexes its providers
)
