package install

import "github.com/capirepo/capirepo/pkg/lint"

// Rule ids of the install check (verify --install).
const (
	RuleInit     = "install-init"
	RuleGenerate = "install-generate"
	RuleDryRun   = "install-dry-run"
	RuleUpgrade  = "install-upgrade"
	// RuleDryRunPlaceholder: the refused fields hold values capirepo made up.
	RuleDryRunPlaceholder = "install-dry-run-placeholder"
)

// Rules lists the install check's rules for --list-rules and SARIF.
func Rules() []lint.Rule {
	return []lint.Rule{
		{ID: RuleInit, Severity: lint.Error, Contract: "clusterctl init of the release (with core, bootstrap and control plane from the clusterctl config) fails against a real kube-apiserver: the API server refused an object (CRD structural schema, CEL rule, name) or clusterctl refused the components."},
		{ID: RuleGenerate, Severity: lint.Error, Contract: "clusterctl generate cluster of a flavor fails (a variable, a missing ClusterClass, unparsable YAML once variables have values)."},
		{ID: RuleDryRun, Severity: lint.Error, Contract: "the API server refuses an object of a flavor in a server-side dry-run create with strict field validation (unknown or duplicate field, schema type, CEL rule, name): what users meet at kubectl apply."},
		{ID: RuleDryRunPlaceholder, Severity: lint.Warning, Contract: "the API server refuses a flavor's object only at fields that hold a placeholder capirepo made up for a variable with no default that --values does not set (a CEL rule or length limit the placeholder breaks): the flavor is not proven either way; set the variable with --values."},
		{ID: RuleUpgrade, Severity: lint.Error, Contract: "clusterctl upgrade apply from an earlier release to this one fails against a real API server holding one object of each kind at its storage version (a stored CRD version removed: status.storedVersions)."},
	}
}
