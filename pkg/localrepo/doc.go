// Package localrepo is the on-disk model of a clusterctl local repository,
// ROOT/<provider-label>/<version>/<files>, and of capirepo's build output (the same
// tree plus the .capirepo-build index): the names capirepo keeps beside release files,
// the sha256 checksum file (codec), the index, the reader (size caps, no links, the
// version folders clusterctl lists), the staged version-folder writer and the removal
// of staging a dead run left. Build output (pkg/output), publish local
// (pkg/backend/local), mirror, source and lint use it; nothing else knows the layout's
// bookkeeping files.
package localrepo

// Files capirepo keeps in a repository besides the release files (and
// clusterctlcfg.File, ROOT/clusterctl.yaml).
const (
	ChecksumFile = "sha256"          // per version: "<hex>  <file>" lines, like sha256sum
	LockFile     = ".capirepo.lock"  // in ROOT: held while publishing
	IndexFile    = ".capirepo-build" // in build output: marks it and indexes its providers
)

// Mark is capirepo's mark in staged names (pkg/fsx): ".<name>.capirepo-tmp-XXXX" and
// ".<name>.capirepo-old-XXXX". Other tools' temporary files never carry it, so
// leftover cleaning leaves them alone.
const Mark = "capirepo"
