package contract

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

func rule(id string, sev lint.Severity, contract string) lint.Rule {
	return lint.Rule{ID: id, Severity: sev, Contract: contract}
}

// Components-file rules.
var (
	ruleNamespaceCount   = rule("components-namespace-count", lint.Error, "The instance components should contain one Namespace object; with more than one clusterctl aborts: \"Invalid manifest. There should be no more than one resource with Kind Namespace in the provider components yaml\"; with none the user must pass --target-namespace (clusterctl contract 3.2).")
	ruleNamespaceObject  = rule("components-namespace-mismatch", lint.Error, "All the objects in the components YAML MUST belong to the target namespace, with the exception of objects that are not namespaced (clusterctl contract 3.2).")
	ruleNamespaceMissing = rule("components-namespace-missing", lint.Warning, "Namespaced objects should name the target namespace; clusterctl sets it, but kubectl apply would use the current namespace (clusterctl contract 3.2, 3.5).")
	ruleSubject          = rule("components-binding-subject-namespace", lint.Warning, "clusterctl sets the namespace of every RoleBinding and ClusterRoleBinding subject that has one to the target namespace; subjects should live there.")
	ruleProviderLabel    = rule("components-provider-label", lint.Warning, "The components should be labeled with cluster.x-k8s.io/provider and the name of the provider; clusterctl overwrites a different value (clusterctl contract 3.5).")
	ruleManager          = rule("components-manager-container", lint.Error, "The container that executes the controller/runtime extension server binary MUST be called manager; clusterctl init --wait-providers waits for it (clusterctl contract 3.3).")
	ruleManagerExtra     = rule("components-manager-container-extra", lint.Warning, "A Deployment without a manager container is not waited for by clusterctl init --wait-providers (clusterctl contract 3.3).")
	ruleImageName        = rule("components-image-canonical", lint.Error, "Canonical names should be used for images; clusterctl parses every Deployment and DaemonSet image with reference.ParseNamed and fails with \"repository name must be canonical\" (clusterctl contract 3.3).")
	ruleImageVariable    = rule("components-image-variable", lint.Error, "An image containing ${...} cannot be parsed before variable substitution, so clusterctl --raw, --describe and init list-images fail with \"invalid reference format\".")
	ruleFileName         = rule("components-file-name", lint.Warning, "It is strongly recommended that providers release a file called <type>-components.yaml, runtime extension providers runtime-extension-components.yaml (clusterctl contract 3.1).")
	ruleInjectCA         = rule("components-inject-ca-from", lint.Error, "clusterctl rewrites cert-manager.io/inject-ca-from on CRDs and webhook configurations and rejects a value that is not <namespace>/<name>: \"does not have a correct value for cert-manager.io/inject-ca-from\".")
	ruleInjectCATarget   = rule("components-inject-ca-from-certificate", lint.Warning, "cert-manager.io/inject-ca-from should name a Certificate shipped in the components (clusterctl contract 7.3: components contain all the required objects).")
	ruleCertDNS          = rule("components-certificate-dns-names", lint.Error, "clusterctl rewrites Certificate dnsNames only in the form <service>.<namespace>.svc[.cluster.local]; they must name the target namespace so the serving certificate matches the webhook Service.")
	ruleCertService      = rule("components-certificate-service", lint.Warning, "Certificate dnsNames should name a Service shipped in the components (clusterctl contract 7.3).")
	ruleAggregate        = rule("components-aggregate-clusterrole", lint.Error, "If your provider uses an API group outside cluster.x-k8s.io, you MUST grant full read/write RBAC permissions for resources in your API group to the Cluster API core controllers via a ClusterRole with the label cluster.x-k8s.io/aggregate-to-manager: \"true\" (bootstrap, infrastructure contracts).")
	ruleAggregateVerbs   = rule("components-aggregate-clusterrole-verbs", lint.Warning, "The aggregated ClusterRole should grant what the v1.14 contract pages show: create, delete, get, list, patch, update and watch on the contract kinds, InfraMachineTemplates and BootstrapConfigTemplates; get, list, patch, update and watch on InfraClusterTemplates and ControlPlaneTemplates (contracts: All resources: API group).")
	ruleAPIService       = rule("components-apiservice-namespace", lint.Warning, "clusterctl does not rewrite APIService spec.service.namespace; it should be the target namespace.")
)

// CRD and webhook rules.
var (
	ruleCRDVersion       = rule("crd-api-version", lint.Error, "clusterctl patches CustomResourceDefinitions only as apiextensions.k8s.io/v1 or v1beta1; any other version fails with \"failed to patch <version> CustomResourceDefinition\".")
	ruleCRDName          = rule("crd-name", lint.Error, "The CRD name must have the format produced by CalculateCRDName(Group, Kind); clusterctl init rejects other names unless the CRD has the clusterctl.cluster.x-k8s.io/skip-crd-name-preflight-check annotation.")
	ruleContractLabel    = rule("crd-contract-label", lint.Error, "Providers MUST set the cluster.x-k8s.io/<contract> label on the CRDs Cluster API references; Cluster API uses the highest underscore-separated version of it for references, which MUST be a version the CRD defines and serves; an error when no core of the metadata's contract can resolve the reference (a v1beta2 core reads cluster.x-k8s.io/v1beta2, else cluster.x-k8s.io/v1beta1; a v1beta1 core only cluster.x-k8s.io/v1beta1) (contracts: API version labels; internal/contract/version.go GetCompatibleVersions, GetLatestContractAndAPIVersionFromContract).")
	ruleContractLabelOth = rule("crd-contract-label-other", lint.Warning, "Other CRDs in the API groups of an infrastructure, bootstrap or control-plane provider should carry the cluster.x-k8s.io/<contract> label, its last version served, so Cluster API can resolve references to them.")
	ruleContractStale    = rule("crd-contract-label-stale", lint.Warning, "Every version listed in a cluster.x-k8s.io/<contract> label should be one of spec.versions; Cluster API uses only the highest version of the label it reads, so other versions (often left by kustomize commonLabels for older contracts) only warn, once per CRD.")
	ruleContractServed   = rule("crd-contract-label-served", lint.Warning, "Versions listed in a cluster.x-k8s.io/<contract> label should be served; Cluster API uses only the highest version of the label it reads (crd-contract-label), so other unserved versions only warn, once per CRD.")
	ruleCRDScope         = rule("crd-scope", lint.Error, "All resources Cluster API interacts with MUST be namespace-scoped (bootstrap contract: scope; infrastructure contract: InfraCluster must be namespace-scoped).")
	ruleCRDTemplate      = rule("crd-template", lint.Warning, "InfraClusterTemplate and ControlPlaneTemplate are mandatory for ClusterClass support, not otherwise (v1.14 infra-cluster and control-plane contracts: <Kind>Template resource definition, Mandatory: No).")
	ruleCRDTemplateMust  = rule("crd-template-required", lint.Warning, "For a given InfraMachine or BootstrapConfig you MUST add the corresponding <Kind>Template (v1.14 infra-machine and bootstrap-config contracts, Mandatory: Yes): MachineDeployments and MachineSets create their objects from it (controllers/external/util.go GenerateTemplate). A warning: nothing in Cluster API fails without it, MachineDeployments just cannot use the provider.")
	ruleWebhookVersion   = rule("webhook-api-version", lint.Error, "clusterctl patches webhook configurations only as admissionregistration.k8s.io/v1 or v1beta1; any other version fails with \"failed to patch <version> MutatingWebhookConfiguration\".")
	ruleWebhookService   = rule("webhook-service-namespace", lint.Error, "Webhooks and CRD conversion webhooks must call a Service in the target namespace, where the provider's webhook server runs.")
	ruleWebhookMissing   = rule("webhook-service-missing", lint.Warning, "The Service a webhook calls should be shipped in the components (clusterctl contract 7.3).")
	ruleRuntimeService   = rule("runtime-extension-service", lint.Error, "A runtime extension provider's ExtensionConfig must point at the extension Service in the target namespace; clusterctl does not rewrite spec.clientConfig.service.namespace.")
)

// Template and ClusterClass rules.
var (
	ruleTemplateNamespace = rule("template-namespace-object", lint.Error, "The cluster template YAML MUST assume the target namespace already exists (clusterctl contract 4.2); clusterctl would rename a Namespace object to the target namespace.")
	ruleTemplateMixed     = rule("template-namespace-mixed", lint.Error, "All the objects in the cluster template YAML MUST be deployed in the same namespace (clusterctl contract 4.2).")
	ruleTemplateFixed     = rule("template-namespace-hardcoded", lint.Note, "Template writers should use ${NAMESPACE} (or no namespace) (clusterctl contract 4.3.1); clusterctl generate cluster overwrites a hard-coded namespace with the target namespace, but clusterctl generate yaml and kubectl apply keep it.")
	ruleClassMissing      = rule("template-clusterclass-missing", lint.Error, "A ClusterClass referenced from Cluster.spec.topology MUST ship as clusterclass-<name>.yaml in the same location as the components YAML (clusterctl contract 5.1).")
	ruleClassInline       = rule("template-clusterclass-inline", lint.Error, "A ClusterClass referenced from Cluster.spec.topology MUST ship as clusterclass-<name>.yaml (clusterctl contract 5.1); clusterctl generate cluster ignores a class defined inside the template and reads that file unless the class already exists in the management cluster, so offline or on a fresh cluster it fails with \"failed to read clusterclass-<name>.yaml\".")
	ruleClassUnknown      = rule("template-clusterclass-variable", lint.Warning, "A ClusterClass name built from variables without a default cannot be checked against the shipped clusterclass-<name>.yaml files.")
	ruleClassName         = rule("clusterclass-name", lint.Warning, "clusterclass-{ClusterClass-name}.yaml should contain the ClusterClass of that name (clusterctl contract 5.1).")
	ruleClassNamespace    = rule("clusterclass-namespace", lint.Warning, "The references in the ClusterClass definition should NOT specify a namespace; none of the objects in the ClusterClass YAML should specify a namespace (clusterctl contract 5.2).")
)

// Rules lists every rule this package applies.
func Rules() []lint.Rule {
	return append(append(append(buildRules(), schemaRules()...), seedRules()...),
		ruleNamespaceCount, ruleNamespaceObject, ruleNamespaceMissing, ruleSubject, ruleProviderLabel,
		ruleManager, ruleManagerExtra, ruleImageName, ruleImageVariable, ruleFileName,
		ruleInjectCA, ruleInjectCATarget, ruleCertDNS, ruleCertService, ruleAggregate,
		ruleAggregateVerbs, ruleAPIService,
		ruleCRDVersion, ruleCRDName, ruleContractLabel, ruleContractCompat, ruleContractLabelOth, ruleContractStale, ruleContractServed,
		ruleCRDScope, ruleCRDTemplate, ruleCRDTemplateMust, ruleWebhookVersion, ruleWebhookService, ruleWebhookMissing,
		ruleRuntimeService,
		ruleTemplateNamespace, ruleTemplateMixed, ruleTemplateFixed, ruleClassMissing, ruleClassInline,
		ruleClassUnknown, ruleClassName, ruleClassNamespace,
	)
}

// report builds a finding for a document of a file.
func report(r lint.Rule, file string, d manifest.Doc, line int, format string, args ...any) lint.Finding {
	if line == 0 {
		line = d.Line
	}
	return lint.Finding{Rule: r.ID, Severity: r.Severity, File: file, Line: line,
		Object: d.Obj.Ref(), Message: fmt.Sprintf(format, args...)}
}
