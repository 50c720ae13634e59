package contract

import "github.com/capirepo/capirepo/pkg/lint"

// seedRules are the rules of the seed requirements issue 32 added: move labels, the
// manager's RBAC, least privilege, Runtime SDK extension configs, ClusterClass
// files, self-contained templates and the v1beta1 endpoint note.
func seedRules() []lint.Rule {
	return []lint.Rule{ruleMoveLabel, ruleManagerRBAC, ruleManagerRBACUnknown,
		ruleDefaultAccount, rulePrivileged, ruleRBACWildcard,
		ruleExtensionClient, ruleExtensionPort, ruleExtensionCA, ruleExtensionCACert,
		ruleClassNamespaceObject, ruleClassShared, ruleTemplateExternal, ruleEndpointMissing}
}

// seedChecks are their components checks, run by Components.
var seedChecks = []func(*scan) lint.Findings{
	checkMoveLabels, checkManagerRBAC, checkServiceAccounts, checkPrivileged, checkRBACWildcards,
	checkExtensionClients, checkEndpointPresence,
}

// seedTemplateChecks runs the template and ClusterClass checks on one release.
func seedTemplateChecks(files, classes []TemplateFile) lint.Findings {
	var out lint.Findings
	for _, f := range files {
		out = append(out, checkExternalObjects(f)...)
	}
	for _, c := range classes {
		out = append(out, checkClassNamespaceObject(c)...)
	}
	return append(out, checkSharedClassObjects(classes)...)
}
