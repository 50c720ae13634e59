package verify

import (
	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/lint"
)

// Rule ids of the repository-level checks.
const (
	RuleNoVersions        = "repo-no-versions"
	RuleNotSemver         = "repo-version-not-semver"
	RulePrefix            = "repo-version-prefix"
	RuleUpperCase         = "repo-version-uppercase"
	RuleMetadataMissing   = check.RuleMetadataMissing
	RuleComponentsMissing = "repo-components-missing"
	RuleUnreadable        = "repo-file-unreadable"
	RuleMetadataInvalid   = "repo-metadata-invalid"
	RuleNotInOwnMetadata  = "repo-version-not-in-metadata"
	RuleUpgradeSeries     = "repo-upgrade-series"
	RuleLatest            = "repo-latest"
	RuleLatestPrerelease  = "repo-latest-prerelease"
	RuleLatestDiffers     = "repo-latest-differs"
	// RuleLatestOtherContract: a generation the releases do not target cannot resolve latest.
	RuleLatestOtherContract = "repo-latest-other-contract"
	RuleConfigURL           = "repo-config-url"
	RuleConfigElsewhere     = "repo-config-elsewhere"
)

var (
	configURLRule       = lint.Rule{ID: RuleConfigURL, Severity: lint.Error, Contract: "every local url of the repository's clusterctl.yaml must resolve where clusterctl reads it: ${VAR} expanded from the environment, an absolute {base}/{label}/{version}/{file} of the entry's label, the version folder holding metadata.yaml and the file (cmd/clusterctl/client/config/providers_client.go List: envsubst.Eval; repository/repository_local.go newLocalRepository, GetFile: os.Stat)"}
	configElsewhereRule = lint.Rule{ID: RuleConfigElsewhere, Severity: lint.Warning, Contract: "a local url of the repository's clusterctl.yaml that names another folder makes clusterctl read that folder's files, not the repository's (cmd/clusterctl/client/repository/repository_local.go GetFile: the url's absolute path); a moved or copied repository needs its urls rewritten (capirepo mirror relink)"}
)

var rules = []lint.Rule{
	{ID: RuleNoVersions, Severity: lint.Error, Contract: "clusterctl needs at least one version folder or tag named vX.Y.Z (cmd/clusterctl/client/repository/repository_local.go GetVersions, repository_github.go GetVersions)"},
	{ID: RuleNotSemver, Severity: lint.Warning, Contract: "clusterctl silently skips folders and tags that are not semantic versions (cmd/clusterctl/client/repository/repository_local.go GetVersions)"},
	{ID: RulePrefix, Severity: lint.Error, Contract: "clusterctl v1.7+ resolves `latest` by looking up \"v\"+semver, so version folders and tags need the v prefix (cmd/clusterctl/client/repository/repository_versions.go latestContractRelease)"},
	{ID: RuleUpperCase, Severity: lint.Warning, Contract: "clusterctl before v1.11 lower-cases name:version on the command line, so upper-case versions cannot be selected (cmd/clusterctl/client/common.go parseProviderName in releases before v1.11)"},
	{ID: RuleComponentsMissing, Severity: lint.Error, Contract: "every release must contain the components file named in the provider URL (cmd/clusterctl/client/repository/components_client.go Get)"},
	{ID: RuleUnreadable, Severity: lint.Error, Contract: "clusterctl treats any read error of a local repository as fatal (cmd/clusterctl/client/repository/repository_local.go GetFile)"},
	{ID: RuleMetadataInvalid, Severity: lint.Error, Contract: "metadata.yaml must decode as clusterctl's Metadata type (cmd/clusterctl/client/repository/metadata_client.go Get, validateMetadata)"},
	{ID: RuleNotInOwnMetadata, Severity: lint.Error, Contract: "a release's metadata.yaml must have a releaseSeries entry for its own major.minor (init, generate provider) (cmd/clusterctl/client/cluster/installer.go getProviderContract, client/generate_provider.go)"},
	{ID: RuleUpgradeSeries, Severity: lint.Error, Contract: "`clusterctl upgrade plan` reads metadata.yaml of the highest version and needs a series for every available version: keep metadata.yaml cumulative (cmd/clusterctl/client/cluster/upgrader_info.go getUpgradeInfo)"},
	{ID: RuleLatest, Severity: lint.Error, Contract: "`latest` must resolve for at least one clusterctl generation that accepts the contract the releases declare (v1.7-v1.10: v1beta1; v1.11+: v1beta1 and v1beta2); a warning when another such generation resolves it (cmd/clusterctl/client/repository/repository_versions.go latestContractRelease)"},
	{ID: RuleLatestPrerelease, Severity: lint.Warning, Contract: "`latest` can resolve to a pre-release when the contract's newest series has only pre-releases (cmd/clusterctl/client/repository/repository_versions.go latestContractRelease, latestPatchRelease)"},
	{ID: RuleLatestOtherContract, Severity: lint.Note, Contract: "a clusterctl generation that accepts none of the releases' contracts cannot install the provider (e.g. clusterctl ≤v1.10 and a v1beta2-only provider) (cmd/clusterctl/client/repository/repository_versions.go latestContractRelease)"},
	configURLRule,
	configElsewhereRule,
	{ID: RuleLatestDiffers, Severity: lint.Note, Contract: "clusterctl generations with different contracts resolve `latest` to different versions (cmd/clusterctl/client/repository/repository_versions.go latestContractRelease)"},
}

// Rules lists the repository-level rules for --list-rules and SARIF.
func Rules() []lint.Rule { return append([]lint.Rule(nil), rules...) }
