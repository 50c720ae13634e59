package contract

import "github.com/capirepo/capirepo/pkg/lint"

// want is a schema path of one contract version and the shape Cluster API reads.
type want struct {
	path   string
	typ    string            // JSON schema type: boolean, string, integer, object, array
	fields map[string]string // for objects, and the items of arrays and values of maps: field -> type
	of     string            // "array" (items) or "map" (additionalProperties) holds fields; "" the object itself
}

// fieldRule is one contract requirement on a schema path, per contract version.
type fieldRule struct {
	rule  lint.Rule
	roles []string
	want  map[string][]want // contract version -> paths (any one present satisfies "must")
	must  bool              // missing is a finding; otherwise only a wrong shape is
	when  string            // apply only when this path exists (e.g. spec.replicas)
	does  string            // what Cluster API does with the path
	fix   string            // how to fix it (kubebuilder field or marker)
}

var (
	ruleInfraClusterProvisioned = rule("contract-infra-cluster-provisioned", lint.Error, "InfraCluster MUST report provisioning: v1beta1 status.ready, v1beta2 status.initialization.provisioned, a boolean (infra-cluster contract: initialization completed; internal/contract/infrastructure_cluster.go Provisioned).")
	ruleEndpoint                = rule("contract-control-plane-endpoint", lint.Error, "spec.controlPlaneEndpoint, when an InfraCluster or ControlPlane has it, is {host string, port integer}; Cluster API reads host with NestedString and port with NestedInt64 (infra-cluster and control-plane contracts; internal/contract/infrastructure_cluster.go ControlPlaneEndpoint).")
	ruleFailureDomains          = rule("contract-failure-domains", lint.Error, "InfraCluster status.failureDomains, when present, is a map name -> {controlPlane, attributes} in v1beta1 and a list of {name, controlPlane, attributes} in v1beta2 (infra-cluster contract: failure domains; internal/contract/infrastructure_cluster.go FailureDomains.Get).")
	ruleConditions              = rule("contract-conditions", lint.Warning, "Providers SHOULD implement status.conditions as a list of {type, status, ...} conditions; Cluster API mirrors their Ready condition (contracts: conditions).")
	ruleProviderID              = rule("contract-infra-machine-provider-id", lint.Error, "InfraMachine MUST have spec.providerID, a string (infra-machine contract: provider ID; internal/contract/infrastructure_machine.go ProviderID).")
	ruleMachineProvisioned      = rule("contract-infra-machine-provisioned", lint.Error, "InfraMachine MUST report provisioning: v1beta1 status.ready, v1beta2 status.initialization.provisioned, a boolean (infra-machine contract: initialization completed; internal/contract/infrastructure_machine.go Provisioned).")
	ruleAddresses               = rule("contract-infra-machine-addresses", lint.Error, "InfraMachine status.addresses, when present, is a list of {type, address} strings (infra-machine contract: addresses; internal/contract/infrastructure_machine.go Addresses).")
	ruleMachineFailureDomain    = rule("contract-infra-machine-failure-domain", lint.Error, "InfraMachine failure domain, when present, is a string: v1beta1 spec.failureDomain, v1beta2 status.failureDomain (infra-machine contract: failure domain; internal/contract/infrastructure_machine.go FailureDomain).")
	ruleDataSecretName          = rule("contract-bootstrap-data-secret-name", lint.Error, "BootstrapConfig MUST surface the bootstrap data Secret in status.dataSecretName, a string (bootstrap-config contract: data secret; internal/contract/bootstrap.go DataSecretName).")
	ruleDataSecretCreated       = rule("contract-bootstrap-data-secret-created", lint.Error, "BootstrapConfig MUST report initialization: v1beta1 status.ready, v1beta2 status.initialization.dataSecretCreated, a boolean (bootstrap-config contract: initialization completed; internal/contract/bootstrap.go DataSecretCreated).")
	ruleCPInitialized           = rule("contract-control-plane-initialized", lint.Error, "ControlPlane MUST report initialization: v1beta1 status.initialized, v1beta2 status.initialization.controlPlaneInitialized, a boolean (control-plane contract: initialization completed; internal/contract/controlplane.go Initialized).")
	ruleCPReplicas              = rule("contract-control-plane-replicas", lint.Error, "A ControlPlane with spec.replicas MUST have status.replicas (integer) and status.selector (string) (control-plane contract: replicas; internal/contract/controlplane.go StatusReplicas, Selector).")
	ruleCPCounters              = rule("contract-control-plane-replica-counters", lint.Warning, "A ControlPlane with spec.replicas SHOULD report its replica counters: v1beta1 status.readyReplicas, updatedReplicas, unavailableReplicas; v1beta2 status.readyReplicas, availableReplicas, upToDateReplicas (control-plane contract: replicas; internal/contract/controlplane.go).")
	ruleCPVersion               = rule("contract-control-plane-version", lint.Error, "A ControlPlane with spec.version (string) MUST report it: status.version, or in v1beta2 also status.versions[] (control-plane contract: version; internal/contract/controlplane.go CurrentStatusVersion).")
	rulePoolReady               = rule("contract-infra-machine-pool-ready", lint.Error, "InfraMachinePool MUST report provisioning in status.ready, a boolean, under both contracts: the v1beta2 page names status.initialization.provisioned, but cluster-api v1.14 reads status.ready (controllers/external/util.go IsReady, core/reconcilers/machinepool).")
	rulePoolProviderIDs         = rule("contract-infra-machine-pool-provider-ids", lint.Error, "InfraMachinePool spec.providerIDList, when present, is a list of strings, status.replicas an integer (infra-machinepool contract; core/reconcilers/machinepool/machinepool_controller_phases.go).")
)

var (
	rolesInfraCluster = []string{"InfraCluster"}
	rolesMachine      = []string{"InfraMachine"}
	rolesPool         = []string{"InfraMachinePool"}
	rolesBootstrap    = []string{"BootstrapConfig"}
	rolesCP           = []string{"ControlPlane"}
	rolesAll          = []string{"InfraCluster", "InfraMachine", "InfraMachinePool", "BootstrapConfig", "ControlPlane"}
)

func both(w ...want) map[string][]want { return map[string][]want{"v1beta1": w, "v1beta2": w} }

func flag(v1, v2 string) map[string][]want {
	return map[string][]want{"v1beta1": {{path: v1, typ: "boolean"}}, "v1beta2": {{path: v2, typ: "boolean"}}}
}

var endpoint = want{path: "spec.controlPlaneEndpoint", typ: "object", fields: map[string]string{"host": "string", "port": "integer"}}

// fieldRules are the contract's schema paths; every path is in
// manifest.ContractSchemaPaths (TestFieldRulePathsKept).
var fieldRules = []fieldRule{
	{rule: ruleInfraClusterProvisioned, roles: rolesInfraCluster, must: true, want: flag("status.ready", "status.initialization.provisioned"),
		does: "the Cluster never becomes InfrastructureReady", fix: "add the field (+optional, bool or *bool)"},
	{rule: ruleEndpoint, roles: []string{"InfraCluster", "ControlPlane"}, want: both(endpoint),
		does: "reading the endpoint fails and the Cluster's endpoint is never set", fix: "use clusterv1.APIEndpoint ({host string, port int32})"},
	{rule: ruleFailureDomains, roles: rolesInfraCluster,
		want: map[string][]want{"v1beta1": {{path: "status.failureDomains", typ: "object", of: "map", fields: map[string]string{"controlPlane": "boolean", "attributes": "object"}}},
			"v1beta2": {{path: "status.failureDomains", typ: "array", of: "array", fields: map[string]string{"name": "string", "controlPlane": "boolean", "attributes": "object"}}}},
		does: "reading the failure domains fails, so Machines get none", fix: "v1beta1: clusterv1beta1.FailureDomains (a map); v1beta2: []clusterv1.FailureDomain with +listType=map +listMapKey=name"},
	{rule: ruleConditions, roles: rolesAll, want: both(want{path: "status.conditions", typ: "array", of: "array", fields: map[string]string{"type": "string", "status": "string"}}),
		does: "the Ready condition cannot be mirrored", fix: "v1beta2: []metav1.Condition; v1beta1: clusterv1beta1.Conditions"},
	{rule: ruleProviderID, roles: rolesMachine, must: true, want: both(want{path: "spec.providerID", typ: "string"}),
		does: "the Machine never gets its providerID and never links to its Node", fix: "add ProviderID *string `json:\"providerID,omitempty\"` to the spec"},
	{rule: ruleMachineProvisioned, roles: rolesMachine, must: true, want: flag("status.ready", "status.initialization.provisioned"),
		does: "the Machine never becomes InfrastructureReady", fix: "add the field (+optional, bool or *bool)"},
	{rule: ruleAddresses, roles: rolesMachine, want: both(want{path: "status.addresses", typ: "array", of: "array", fields: map[string]string{"type": "string", "address": "string"}}),
		does: "reading the addresses fails", fix: "use []clusterv1.MachineAddress"},
	{rule: ruleMachineFailureDomain, roles: rolesMachine,
		want: map[string][]want{"v1beta1": {{path: "spec.failureDomain", typ: "string"}}, "v1beta2": {{path: "status.failureDomain", typ: "string"}, {path: "spec.failureDomain", typ: "string"}}},
		does: "reading the failure domain fails", fix: "make it a string"},
	{rule: ruleDataSecretName, roles: rolesBootstrap, must: true, want: both(want{path: "status.dataSecretName", typ: "string"}),
		does: "the Machine never gets its bootstrap data", fix: "add DataSecretName *string `json:\"dataSecretName,omitempty\"` to the status"},
	{rule: ruleDataSecretCreated, roles: rolesBootstrap, must: true, want: flag("status.ready", "status.initialization.dataSecretCreated"),
		does: "the Machine never becomes BootstrapReady", fix: "add the field (+optional, bool or *bool)"},
	{rule: ruleCPInitialized, roles: rolesCP, must: true, want: flag("status.initialized", "status.initialization.controlPlaneInitialized"),
		does: "the Cluster never sees the control plane initialized, so workers never join", fix: "add the field (+optional, bool or *bool)"},
	{rule: ruleCPReplicas, roles: rolesCP, must: true, when: "spec.replicas",
		want: both(want{path: "status.replicas", typ: "integer"}), does: "replica counts and scaling cannot be read", fix: "add Replicas *int32 `json:\"replicas,omitempty\"` to the status"},
	{rule: ruleCPReplicas, roles: rolesCP, must: true, when: "spec.replicas",
		want: both(want{path: "status.selector", typ: "string"}), does: "Machines of the control plane cannot be selected (scale subresource)", fix: "add Selector string `json:\"selector,omitempty\"` to the status"},
	{rule: ruleCPVersion, roles: rolesCP, must: true, when: "spec.version",
		want: map[string][]want{"v1beta1": {{path: "status.version", typ: "string"}}, "v1beta2": {{path: "status.version", typ: "string"}, {path: "status.versions", typ: "array"}}},
		does: "upgrades cannot read the current version (CurrentStatusVersion fails)", fix: "add Version *string `json:\"version,omitempty\"` to the status"},
	{rule: ruleCPMachineTemplate, roles: rolesCP, must: true, when: "spec.machineTemplate",
		want: map[string][]want{"v1beta1": {{path: "spec.machineTemplate.infrastructureRef", typ: "object", fields: map[string]string{"apiVersion": "string", "kind": "string", "name": "string"}}},
			"v1beta2": {{path: "spec.machineTemplate.spec.infrastructureRef", typ: "object", fields: map[string]string{"apiGroup": "string", "kind": "string", "name": "string"}}}},
		does: "the ClusterClass topology reconciler cannot read or set the control plane machines' infrastructure template (core/reconcilers/topology/cluster/current_state.go, exp/topology/desiredstate)", fix: "v1beta1: InfrastructureRef corev1.ObjectReference; v1beta2: Spec {InfrastructureRef clusterv1.ContractVersionedObjectReference}"},
	{rule: rulePoolReady, roles: rolesPool, must: true, want: both(want{path: "status.ready", typ: "boolean"}),
		does: "the MachinePool never becomes InfrastructureReady", fix: "add Ready bool `json:\"ready\"` to the status (also in v1beta2, until cluster-api reads status.initialization.provisioned)"},
	{rule: rulePoolProviderIDs, roles: rolesPool, want: both(want{path: "spec.providerIDList", typ: "array"}, want{path: "status.replicas", typ: "integer"}),
		does: "reading it fails and the MachinePool reconcile errors", fix: "ProviderIDList []string, Replicas int32"},
	{rule: ruleCPCounters, roles: rolesCP, must: true, when: "spec.replicas",
		want: map[string][]want{"v1beta1": {{path: "status.readyReplicas", typ: "integer"}}, "v1beta2": {{path: "status.readyReplicas", typ: "integer"}}}},
	{rule: ruleCPCounters, roles: rolesCP, must: true, when: "spec.replicas",
		want: map[string][]want{"v1beta1": {{path: "status.updatedReplicas", typ: "integer"}}, "v1beta2": {{path: "status.upToDateReplicas", typ: "integer"}}}},
	{rule: ruleCPCounters, roles: rolesCP, must: true, when: "spec.replicas",
		want: map[string][]want{"v1beta1": {{path: "status.unavailableReplicas", typ: "integer"}}, "v1beta2": {{path: "status.availableReplicas", typ: "integer"}}}},
}
