package upgrade

import "github.com/capirepo/capirepo/pkg/lint"

// Rule ids of the upgrade checks.
const (
	RuleStorageRemoved  = "upgrade-storage-version-removed"
	RuleStorageMigrated = "upgrade-storage-version-migrated"
	RuleStorageGone     = "upgrade-storage-version-gone"
	RuleCRDRemoved      = "upgrade-crd-removed"
	RuleServedDropped   = "upgrade-served-version-dropped"
	RuleNoConversion    = "upgrade-conversion-none"
	RuleVariable        = "upgrade-variable-required"
	RuleContract        = "upgrade-contract-series"
	RuleRBAC            = "upgrade-rbac-grown"
	RuleImages          = "upgrade-images-changed"
	RuleChange          = "upgrade-change"
)

// from is the sentence every rule shares: which releases a user upgrades from.
const from = "the releases a management cluster may run before it are every earlier release that is not a pre-release: clusterctl's upgrade plan offers the newest release of the cluster's contract and of every newer contract the provider's metadata.yaml declares, straight from the release it runs (cmd/clusterctl/client/cluster/upgrader.go Plan, getUpgradePlan; upgrader_info.go getUpgradeInfo, getContractsForUpgrade, getLatestNextVersion; internal/contract/version.go GetCompatibleVersions)"

var rules = []lint.Rule{
	{ID: RuleStorageRemoved, Severity: lint.Error, Contract: "A CRD version that was the storage version of an earlier release must stay in spec.versions (served: false is enough) while management clusters may still list it in status.storedVersions: the API server refuses the upgraded CRD with \"status.storedVersions[0]: Invalid value: \\\"v1alpha6\\\": must appear in spec.versions\" (kubernetes apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go ValidateCustomResourceDefinitionStoredVersions) when clusterctl upgrade applies it (cmd/clusterctl/client/cluster/upgrader.go doUpgrade); clusterctl v1.10 stopped migrating stored versions unless asked (--enable-crd-storage-version-migration, cmd/clusterctl/cmd/upgrade_apply.go) and v1.13 removed the migration (cluster-api PR #13290). An error when the new release removes the version; " + from + "."},
	{ID: RuleStorageMigrated, Severity: lint.Warning, Contract: "upgrade-storage-version-removed, when a release between the ones that stored the version and the new one runs cluster-api's crdmigrator for the CRD (its RBAC may patch customresourcedefinitions/status and its manager does not skip StorageVersionMigration): that manager trims status.storedVersions to its own storage version (controllers/crdmigrator/crd_migrator.go Reconcile), so users who upgrade to it first can upgrade on; a warning: clusterctl upgrade straight from an older release still fails with the API server's message."},
	{ID: RuleStorageGone, Severity: lint.Note, Contract: "A storage version an earlier release removed already: the clusters still running the releases that stored it could not upgrade to that release either (upgrade-storage-version-removed), and cannot upgrade to this one."},
	{ID: RuleCRDRemoved, Severity: lint.Error, Contract: "A CRD the previous release shipped that is a contract kind (a cluster.x-k8s.io/<contract> label) or that its templates or ClusterClasses create or reference must not disappear: clusterctl upgrade deletes the old provider but keeps its CRDs and objects (cmd/clusterctl/client/cluster/upgrader.go doUpgrade: Delete with IncludeCRDs false), so those objects are left with no controller: their status never changes again, and deleting them, or the Clusters that own them, hangs on the provider's finalizer."},
	{ID: RuleServedDropped, Severity: lint.Warning, Contract: "A CRD version the previous release served and its templates or ClusterClasses are written in should stay served: a template of the previous release applied to the upgraded cluster fails with \"no matches for kind \\\"Kind\\\" in version \\\"group/version\\\"\" (k8s.io/apimachinery pkg/api/meta/errors.go NoKindMatchError); a warning: objects already in the cluster are read in the storage version, and Cluster API rewrites references to the contract version (internal/contract/version.go UpdateReferenceAPIContract)."},
	{ID: RuleNoConversion, Severity: lint.Warning, Contract: "A CRD serving more than one version should convert between them with a webhook: with spec.conversion.strategy None the API server only rewrites apiVersion (kubernetes apiextensions-apiserver pkg/apiserver/conversion/nop_converter.go), so an object written in one version and read in another keeps the fields of the first; a warning: versions whose schemas are the same convert fine."},
	{ID: RuleVariable, Severity: lint.Warning, Contract: "A ${VAR} that a file of the previous release did not need (absent or with a default) and the new release requires breaks users' scripts: clusterctl fails with \"value for variables [VAR] is not set. Please set the value using os environment variables or the clusterctl config file\" (cmd/clusterctl/client/yamlprocessor/simple_processor.go Process), in generate cluster for a template and in upgrade apply for the components."},
	{ID: RuleContract, Severity: lint.Warning, Contract: "A release series keeps its contract: clusterctl reads the contract of every installed version from the newest metadata.yaml (cmd/clusterctl/client/cluster/upgrader_info.go getUpgradeInfo, newUpgradeInfo), so changing the contract of an existing major.minor moves the clusters running its earlier patches to the new contract; a new contract needs a new minor with its own releaseSeries entry."},
	{ID: RuleRBAC, Severity: lint.Warning, Contract: "A new cluster-wide permission (a ClusterRole verb on a resource, resource name or URL the previous release did not grant, other than on the release's own CRDs) needs a security review: whoever runs clusterctl upgrade must hold it, or the API server refuses the role with \"is attempting to grant RBAC permissions not currently held\" (kubernetes pkg/registry/rbac/validation/rule.go ConfirmNoEscalation)."},
	{ID: RuleImages, Severity: lint.Warning, Contract: "An image added, removed or moved to another registry must reach mirrors and allow-lists before users upgrade: a cluster that pulls only from a mirror or admits only listed registries cannot start the new pods (ErrImagePull, ImagePullBackOff); clusterctl installs the image references as they are (cmd/clusterctl/internal/util/objs.go FixImages applies only the user's image overrides)."},
	{ID: RuleChange, Severity: lint.Note, Contract: "Everything else capirepo diff sees between the previous release and the new one: files, CRDs, CRD versions, objects, images and variables added or removed, one note each, and the field changes counted by section."},
}

// Rules lists the upgrade rules for --list-rules, SARIF and --disable.
func Rules() []lint.Rule { return append([]lint.Rule(nil), rules...) }

func severity(id string) lint.Severity {
	for _, r := range rules {
		if r.ID == id {
			return r.Severity
		}
	}
	return lint.Error
}
