package metadata

import "github.com/capirepo/capirepo/pkg/lint"

// Rule ids. Parse fails on the ones whose rule says lint.FailsRead (fatalRules).
const (
	RuleYAML               = "metadata-yaml"
	RuleMultipleDocuments  = "metadata-multiple-documents"
	RuleDuplicateKey       = "metadata-duplicate-key"
	RuleAPIVersionMissing  = "metadata-api-version-missing"
	RuleAPIVersion         = "metadata-api-version"
	RuleKindMissing        = "metadata-kind-missing"
	RuleKind               = "metadata-kind"
	RuleSeriesEmpty        = "metadata-series-empty"
	RuleSeriesValue        = "metadata-series-value"
	RuleSeriesFieldMissing = "metadata-series-field-missing"
	RuleSeriesDuplicate    = "metadata-series-duplicate"
	RuleSeriesOrder        = "metadata-series-order"
	RuleUnknownField       = "metadata-unknown-field"
	RuleContract           = "metadata-contract"
	RuleVersionSeries      = "metadata-version-series"
	RuleCumulative         = "metadata-cumulative"
	RuleCumulativeOld      = "metadata-cumulative-old"
	RuleHistory            = "metadata-history"
	RuleCRDContract        = "metadata-crd-contract"
	RuleCRDContractCompat  = "metadata-crd-contract-compat"
	RuleContractSupport    = "metadata-contract-support"
	RuleContractV1beta2    = "metadata-contract-v1beta2"
)

// Rules lists every rule Lint and Check can report, for --list-rules and SARIF.
func Rules() []lint.Rule {
	return []lint.Rule{
		{ID: RuleYAML, Severity: lint.Error, Contract: "metadata.yaml must be one YAML mapping that clusterctl can decode (cmd/clusterctl/client/repository/metadata_client.go Get: runtime.DecodeInto with serializer.NewCodecFactory(scheme.Scheme).UniversalDecoder(), which capirepo runs as clusterctl does: sigs.k8s.io/yaml reads YAML 1.1, so an unquoted yes, on or number where a string belongs fails; only the first document is read, and an empty one fails validateMetadata)", Fails: lint.FailsRead},
		{ID: RuleDuplicateKey, Severity: lint.Warning, Contract: "a key written twice in one mapping: clusterctl decodes metadata.yaml anyway (cmd/clusterctl/client/repository/metadata_client.go Get: runtime.DecodeInto, whose YAML serializer converts with sigs.k8s.io/yaml and is not strict) and keeps the later value"},
		{ID: RuleMultipleDocuments, Severity: lint.Warning, Contract: "clusterctl reads only the first YAML document of metadata.yaml (cmd/clusterctl/client/repository/metadata_client.go Get)"},
		{ID: RuleAPIVersionMissing, Severity: lint.Error, Contract: "clusterctl v1.11+ rejects metadata.yaml without apiVersion " + APIVersion + " (cmd/clusterctl/client/repository/metadata_client.go validateMetadata)"},
		{ID: RuleAPIVersion, Severity: lint.Error, Contract: "every clusterctl rejects an apiVersion other than " + APIVersion + " (cmd/clusterctl/client/repository/metadata_client.go validateMetadata)", Fails: lint.FailsRead},
		{ID: RuleKindMissing, Severity: lint.Warning, Contract: "clusterctl v1.11.0 rejects metadata.yaml without kind: Metadata (v1.11.1+ accept it: cmd/clusterctl/client/repository/metadata_client.go validateMetadata)"},
		{ID: RuleKind, Severity: lint.Error, Contract: "every clusterctl rejects a kind other than Metadata (cmd/clusterctl/client/repository/metadata_client.go validateMetadata)", Fails: lint.FailsRead},
		{ID: RuleSeriesEmpty, Severity: lint.Error, Contract: "clusterctl v1.11+ rejects an empty releaseSeries; older releases match no version (cmd/clusterctl/client/repository/metadata_client.go validateMetadata)", Fails: lint.FailsRead},
		{ID: RuleSeriesValue, Severity: lint.Error, Contract: "major and minor must be non-negative integers: every clusterctl fails to decode a string or a fraction (or a releaseSeries that is no list of mappings), v1.10+ (int32) a value beyond 2147483647 and ≤v1.9 (uint) a negative one, which v1.10+ decode into a series no version matches (cmd/clusterctl/api/v1alpha3/metadata_type.go ReleaseSeries, decoded by client/repository/metadata_client.go Get: \"error decoding metadata.yaml\")", Fails: lint.FailsRead},
		{ID: RuleSeriesFieldMissing, Severity: lint.Warning, Contract: "a missing major or minor silently reads as 0 (cmd/clusterctl/api/v1alpha3/metadata_type.go ReleaseSeries)"},
		{ID: RuleSeriesDuplicate, Severity: lint.Error, Contract: "clusterctl (v1.6.8 to v1.14.2) accepts a major.minor listed twice (cmd/clusterctl/client/repository/metadata_client.go validateMetadata checks no repeat), then uses the first entry and ignores the rest (cmd/clusterctl/api/v1alpha3/metadata_type.go GetReleaseSeriesForVersion, read by client/cluster/installer.go getProviderContract): a repeat with another contract is an error, as that contract is silently lost; an identical repeat loses nothing and is a warning"},
		{ID: RuleSeriesOrder, Severity: lint.Note, Contract: "series are easier to review in ascending (or descending) major.minor order"},
		{ID: RuleUnknownField, Severity: lint.Warning, Contract: "clusterctl ignores unknown fields, so a misspelt field is lost silently (cmd/clusterctl/client/repository/metadata_client.go Get decodes leniently)"},
		{ID: RuleContract, Severity: lint.Error, Contract: "contract must be a Cluster API contract version (v1alpha2 … v1beta2) (cmd/clusterctl/client/cluster/installer.go getProviderContract refuses others)"},
		{ID: RuleVersionSeries, Severity: lint.Error, Contract: "the release's major.minor must have a series, or init, generate provider and upgrade fail (cmd/clusterctl/client/cluster/installer.go getProviderContract, client/generate_provider.go)", Fails: lint.FailsClusterctl},
		{ID: RuleCumulative, Severity: lint.Error, Contract: "upgrade reads the newest metadata.yaml and needs a series for every published release (--published, or every git tag whose own metadata.yaml declared its series) (cmd/clusterctl/client/cluster/upgrader_info.go getUpgradeInfo: \"version … (the current version) … does not match any release series\")"},
		{ID: RuleCumulativeOld, Severity: lint.Note, Contract: "tags released before the provider had metadata.yaml (their own copy did not declare their series) were never managed by clusterctl; dropping them loses nothing; so are tags whose own metadata.yaml declared a contract no clusterctl installs (only v1beta1 and v1beta2 pass internal/contract/version.go GetCompatibleVersions; a typo such as v1beta never installed)"},
		{ID: RuleHistory, Severity: lint.Warning, Contract: "the cumulative check needs the published releases: git tags of a full clone, or --published; an error when CI is set"},
		{ID: RuleCRDContract, Severity: lint.Error, Contract: "the declared contract must match the cluster.x-k8s.io/<contract> labels of the provider's CRDs: an error when no core of that contract reads them (internal/contract/version.go GetCompatibleVersions)"},
		{ID: RuleCRDContractCompat, Severity: lint.Warning, Contract: "a v1beta2 release whose CRDs carry only cluster.x-k8s.io/v1beta1 labels works with cluster-api v1.11-v1.14, which also read v1beta1 labels until v1beta1 compatibility ends (planned for about v1.16) (internal/contract/version.go GetCompatibleVersions); only the labels of contract kinds count, the ones Cluster API resolves references with"},
		{ID: RuleContractSupport, Severity: lint.Error, Contract: "clusterctl v1.0+ installs only providers declaring v1beta1 (≤v1.10) or v1beta1/v1beta2 (v1.11+) (cmd/clusterctl/client/cluster/installer.go getProviderContract with internal/contract/version.go GetCompatibleVersions)"},
		{ID: RuleContractV1beta2, Severity: lint.Note, Contract: "a v1beta2 release needs clusterctl v1.11+ and a v1beta2 core; clusterctl ≤v1.10 rejects it in init and generate provider and resolves latest to the newest v1beta1 series (cmd/clusterctl/client/repository/repository_versions.go latestContractRelease)"},
	}
}

// fatalRules are the findings that make the file unusable (lint.FailsRead): Parse
// returns them as an error.
func fatalRules() map[string]bool {
	out := map[string]bool{}
	for _, r := range Rules() {
		if r.Fails == lint.FailsRead {
			out[r.ID] = true
		}
	}
	return out
}

// severity returns the default severity of a rule id.
func severity(id string) lint.Severity {
	for _, r := range Rules() {
		if r.ID == id {
			return r.Severity
		}
	}
	return lint.Error
}

// finding builds a finding with the rule's default severity.
func finding(file string, line int, rule, msg string) lint.Finding {
	return lint.Finding{Rule: rule, Severity: severity(rule), File: file, Line: line, Message: msg}
}
