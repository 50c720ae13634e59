package contract

import "github.com/capirepo/capirepo/pkg/lint"

// Rules lists every rule this package applies, in the order --list-rules and SARIF
// print them: the build's, then each components check's (componentChecks), then the
// templates' and ClusterClasses'. A rule is registered once, beside the check that
// reports it; TestEveryDeclaredRuleIsListed fails on a rule declared and not here, and
// make lint's dead-code check on a check that is not.
func Rules() []lint.Rule {
	out := append([]lint.Rule(nil), buildRules...)
	for _, c := range componentChecks {
		out = append(out, c.rules...)
	}
	return append(out, templateRules...)
}

// buildRules are reported by the build (pkg/pipeline, pkg/templates) and
// ComponentsFileName, not by a components check.
var buildRules = []lint.Rule{RuleKustomizeDeprecated, RuleTemplatesEmpty, RuleProviderTypeLabel, ruleFileName}

// componentCheck is one check Components runs on a components file and the rules it
// reports (a rule two checks report is listed with the first).
type componentCheck struct {
	run   func(*scan) lint.Findings
	rules []lint.Rule
}

// componentChecks are the checks Components runs, in order, each with its rules.
var componentChecks = []componentCheck{
	{checkNamespaceCount, []lint.Rule{ruleNamespaceCount}},
	{checkObjectNamespaces, []lint.Rule{ruleNamespaceObject, ruleNamespaceMissing}},
	{checkSubjects, []lint.Rule{ruleSubject}},
	{checkProviderLabels, []lint.Rule{ruleProviderLabel}},
	{checkManagers, []lint.Rule{ruleManager, ruleManagerExtra}},
	{checkImages, []lint.Rule{ruleImageName, ruleImageVariable, ruleImageMovingTag}},
	{checkCRDs, []lint.Rule{
		ruleCRDVersion, ruleCRDName, ruleContractLabel, ruleContractCompat, ruleContractLabelOth,
		ruleContractStale, ruleContractServed, ruleRoleUnknown, ruleCRDScope, ruleCRDTemplate,
		ruleCRDTemplateMust,
	}},
	{checkWebhooks, []lint.Rule{
		ruleInjectCA, ruleInjectCATarget, ruleWebhookVersion, ruleWebhookService, ruleWebhookMissing,
	}},
	{checkConversion, nil}, // reports checkWebhooks' rules for conversion webhooks
	{checkCertificates, []lint.Rule{ruleCertDNS, ruleCertDNSUnused, ruleCertService}},
	{checkAggregation, []lint.Rule{ruleAggregate, ruleAggregateVerbs}},
	{checkExtensionConfigs, []lint.Rule{ruleRuntimeService}},
	{checkAPIServices, []lint.Rule{ruleAPIService}},
	{checkProviderType, []lint.Rule{ruleProviderType}},
	{checkSchemas, []lint.Rule{
		ruleInfraClusterProvisioned, ruleEndpoint, ruleFailureDomains, ruleConditions, ruleProviderID,
		ruleMachineProvisioned, ruleAddresses, ruleMachineFailureDomain, ruleDataSecretName,
		ruleDataSecretCreated, ruleCPInitialized, ruleCPReplicas, ruleCPCounters, ruleCPVersion,
		ruleCPMachineTemplate, ruleCPMachineTemplateClassless, ruleFailureFields, ruleCPSpecTypes,
		rulePoolReady, rulePoolProviderIDs, rulePoolMachineKind, ruleSchemaUnknown,
	}},
	{checkKinds, []lint.Rule{
		ruleListKind, ruleStatusSubresource, ruleScaleSubresource, ruleTemplateSpec, ruleTemplateVersion,
		ruleTemplateMetadata, ruleAmbiguousLabel,
	}},
	{checkTopologyFields, []lint.Rule{ruleCPTopologyFields}},
	{checkMoveLabels, []lint.Rule{ruleMoveLabel}},
	{checkManagerRBAC, []lint.Rule{ruleManagerRBAC, ruleManagerRBACMaybe, ruleManagerRBACUnknown}},
	{checkServiceAccounts, []lint.Rule{ruleDefaultAccount}},
	{checkPrivileged, []lint.Rule{rulePrivileged}},
	{checkRBACWildcards, []lint.Rule{ruleRBACWildcard}},
	{checkExtensionClients, []lint.Rule{
		ruleExtensionClient, ruleExtensionPort, ruleExtensionCA, ruleExtensionCACert,
	}},
	{checkEndpointPresence, []lint.Rule{ruleEndpointMissing}},
	{checkWebhookV1beta1, []lint.Rule{ruleWebhookV1beta1}},
	{checkWebhookPorts, []lint.Rule{ruleWebhookPort}},
	{checkContainerNames, []lint.Rule{ruleContainerDup}},
	{checkIPAMClaims, []lint.Rule{ruleIPAMClaims}},
	{checkConversionNone, []lint.Rule{ruleConversionNone}},
}

// templateRules are reported by Templates and templateChecks.
var templateRules = []lint.Rule{
	ruleClassNamespaceObject, ruleClassShared, ruleTemplateExternal, ruleTemplateNamespace,
	ruleTemplateMixed, ruleTemplateFixed, ruleClassMissing, ruleClassInline, ruleClassUnknown,
	ruleClassName, ruleClassNamespace,
}

// templateChecks runs the seed contracts' template and ClusterClass checks on one
// release (Templates runs the others first).
func templateChecks(files, classes []TemplateFile) lint.Findings {
	var out lint.Findings
	for _, f := range files {
		out = append(out, checkExternalObjects(f)...)
	}
	for _, c := range classes {
		out = append(out, checkClassNamespaceObject(c)...)
	}
	return append(out, checkSharedClassObjects(classes)...)
}
