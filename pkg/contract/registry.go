package contract

import "github.com/capirepo/capirepo/pkg/lint"

// Rules lists every rule this package applies, in the order --list-rules and SARIF
// print them: the build's, the contract doctor's (schemarules.go, schemaextra.go),
// the seed contracts' (move labels, the manager's RBAC, least privilege, Runtime SDK
// extension configs, ClusterClass files, self-contained templates, the v1beta1
// endpoint note), the components', the CRDs' and webhooks', the templates'.
func Rules() []lint.Rule {
	return []lint.Rule{
		RuleKustomizeDeprecated, RuleTemplatesEmpty, ruleProviderType, RuleProviderTypeLabel,
		ruleInfraClusterProvisioned, ruleEndpoint, ruleFailureDomains, ruleConditions,
		ruleProviderID, ruleMachineProvisioned, ruleAddresses, ruleMachineFailureDomain,
		ruleDataSecretName, ruleDataSecretCreated, ruleCPInitialized, ruleCPReplicas, ruleCPCounters,
		ruleCPVersion, ruleCPMachineTemplate, ruleCPMachineTemplateClassless, ruleFailureFields, ruleCPSpecTypes, ruleCPTopologyFields, rulePoolReady, rulePoolProviderIDs, rulePoolMachineKind, ruleSchemaUnknown,
		ruleListKind, ruleStatusSubresource, ruleScaleSubresource, ruleTemplateSpec, ruleTemplateVersion, ruleTemplateMetadata,
		ruleAmbiguousLabel,
		ruleMoveLabel, ruleManagerRBAC, ruleManagerRBACMaybe, ruleManagerRBACUnknown, ruleIPAMClaims,
		ruleDefaultAccount, rulePrivileged, ruleRBACWildcard,
		ruleExtensionClient, ruleExtensionPort, ruleExtensionCA, ruleExtensionCACert,
		ruleClassNamespaceObject, ruleClassShared, ruleTemplateExternal, ruleEndpointMissing,
		ruleNamespaceCount, ruleNamespaceObject, ruleNamespaceMissing, ruleSubject, ruleProviderLabel,
		ruleManager, ruleManagerExtra, ruleImageName, ruleImageVariable, ruleImageMovingTag, ruleFileName,
		ruleInjectCA, ruleInjectCATarget, ruleCertDNS, ruleCertDNSUnused, ruleCertService, ruleAggregate,
		ruleAggregateVerbs, ruleAPIService,
		ruleCRDVersion, ruleCRDName, ruleContractLabel, ruleContractCompat, ruleContractLabelOth, ruleContractStale, ruleContractServed, ruleRoleUnknown,
		ruleCRDScope, ruleConversionNone, ruleCRDTemplate, ruleCRDTemplateMust, ruleWebhookVersion, ruleWebhookService, ruleWebhookMissing,
		ruleRuntimeService, ruleWebhookV1beta1, ruleWebhookPort, ruleContainerDup,
		ruleTemplateNamespace, ruleTemplateMixed, ruleTemplateFixed, ruleClassMissing, ruleClassInline,
		ruleClassUnknown, ruleClassName, ruleClassNamespace,
	}
}

// componentChecks are the checks Components runs on a components file.
var componentChecks = []func(*scan) lint.Findings{
	checkNamespaceCount, checkObjectNamespaces, checkSubjects, checkProviderLabels, checkManagers,
	checkImages, checkCRDs, checkWebhooks, checkConversion, checkCertificates,
	checkAggregation, checkExtensionConfigs, checkAPIServices, checkProviderType, checkSchemas, checkKinds, checkTopologyFields,
	checkMoveLabels, checkManagerRBAC, checkServiceAccounts, checkPrivileged, checkRBACWildcards,
	checkExtensionClients, checkEndpointPresence, checkWebhookV1beta1, checkWebhookPorts, checkContainerNames, checkIPAMClaims, checkConversionNone,
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
