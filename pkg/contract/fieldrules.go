package contract

var (
	endpoint  = object(map[string]shape{"host": str(), "port": integer()}, "host", "port")
	domainV1  = mapOf(object(map[string]shape{"controlPlane": boolean(), "attributes": mapOf(str())}))
	domainV2  = arrayOf(object(map[string]shape{"name": str(), "controlPlane": boolean(), "attributes": mapOf(str())}))
	addresses = arrayOf(object(map[string]shape{"type": str(), "address": str()}))
	versions  = arrayOf(object(map[string]shape{"version": str(), "replicas": integer()}, "version"))
	refV1     = object(map[string]shape{"apiVersion": str(), "kind": str(), "name": str()}, "apiVersion", "kind", "name")
	gates     = arrayOf(object(map[string]shape{"conditionType": str()}, "conditionType"))
	taints    = arrayOf(object(map[string]shape{"key": str(), "effect": str()}, "key", "effect"))
	refV2     = object(map[string]shape{"apiGroup": str(), "kind": str(), "name": str()}, "apiGroup", "kind", "name")
)

// fieldRules are the contract's schema paths; every path is in
// schemaPaths (TestFieldRulePathsKept).
var fieldRules = []fieldRule{
	{rule: ruleInfraClusterProvisioned, roles: rolesInfraCluster, must: true, want: flag("status.ready", "status.initialization.provisioned"),
		does: "the Cluster never becomes InfrastructureReady", fix: "add the field (+optional, bool or *bool)"},
	{rule: ruleEndpoint, roles: []string{"InfraCluster", "ControlPlane"}, want: both(wantAt("spec.controlPlaneEndpoint", endpoint)),
		does: "reading the endpoint fails and the Cluster's endpoint is never set", fix: "use clusterv1.APIEndpoint ({host string, port int32})"},
	{rule: ruleFailureDomains, roles: rolesInfraCluster, want: per([]want{wantAt("status.failureDomains", domainV1)}, []want{wantAt("status.failureDomains", domainV2)}),
		does: "decoding the failure domains fails and the Cluster reconcile errors, so Machines get none", fix: "v1beta1: clusterv1beta1.FailureDomains (a map); v1beta2: []clusterv1.FailureDomain with +listType=map +listMapKey=name"},
	{rule: ruleConditions, roles: rolesAll, want: both(wantAt("status.conditions", arrayOf(object(map[string]shape{"type": str(), "status": str()})))),
		does: "the Ready condition cannot be mirrored", fix: "v1beta2: []metav1.Condition; v1beta1: clusterv1beta1.Conditions"},
	{rule: ruleFailureFields, roles: rolesAll, want: both(wantAt("status.failureReason", str()), wantAt("status.failureMessage", str())),
		does: "FailuresFrom fails and every reconcile of the object's owner aborts", fix: "make them strings (*string, or a string type such as capierrors.MachineStatusError)"},
	{rule: ruleProviderID, roles: rolesMachine, must: true, want: both(wantAt("spec.providerID", str())),
		does: "the Machine never gets its providerID and never links to its Node", fix: "add ProviderID *string `json:\"providerID,omitempty\"` to the spec"},
	{rule: ruleMachineProvisioned, roles: rolesMachine, must: true, want: flag("status.ready", "status.initialization.provisioned"),
		does: "the Machine never becomes InfrastructureReady", fix: "add the field (+optional, bool or *bool)"},
	{rule: ruleAddresses, roles: rolesMachine, want: both(wantAt("status.addresses", addresses)),
		does: "decoding the addresses fails and the Machine reconcile errors", fix: "use []clusterv1.MachineAddress"},
	{rule: ruleMachineFailureDomain, roles: rolesMachine, want: both(wantAt("spec.failureDomain", str()), wantAt("status.failureDomain", str())),
		does: "reading the failure domain fails and the Machine reconcile errors", fix: "make it a string"},
	{rule: ruleDataSecretName, roles: rolesBootstrap, must: true, want: both(wantAt("status.dataSecretName", str())),
		does: "the Machine never gets its bootstrap data", fix: "add DataSecretName *string `json:\"dataSecretName,omitempty\"` to the status"},
	{rule: ruleDataSecretCreated, roles: rolesBootstrap, must: true, want: flag("status.ready", "status.initialization.dataSecretCreated"),
		does: "the Machine never becomes BootstrapReady", fix: "add the field (+optional, bool or *bool)"},
	{rule: ruleCPInitialized, roles: rolesCP, must: true, want: flag("status.initialized", "status.initialization.controlPlaneInitialized"),
		does: "the Cluster never sees the control plane initialized, so workers never join", fix: "add the field (+optional, bool or *bool)"},
	{rule: ruleCPSpecTypes, roles: rolesCP, want: both(wantAt("spec.version", str()), wantAt("spec.replicas", integer())),
		does: "reading it fails: MachineSet preflight checks, the topology reconciler and its patch variables error", fix: "Version string `json:\"version\"`, Replicas *int32 `json:\"replicas,omitempty\"`"},
	{rule: ruleCPSpecTypes, roles: rolesCP, must: true, template: true, want: both(wantAt("spec.version", str())),
		does: "the topology reconciler writes spec.version, the API server prunes it, and reading it back fails every topology reconcile (desired_state.go computeControlPlaneVersion)", fix: "add Version string `json:\"version\"` to the spec (Mandatory for ClusterClass support)"},
	{rule: ruleCPSpecTypes, roles: rolesCP, template: true, want: per(nil, topologyWrites),
		does: "the topology reconciler writes it from the ClusterClass and the Cluster topology, and the API server rejects the write, so every topology reconcile fails (desired_state.go computeControlPlane)", fix: "use the contract's types: *int32 seconds, []clusterv1.MachineReadinessGate, []clusterv1.MachineTaint, metav1.Time"},
	{rule: ruleCPReplicas, roles: rolesCP, must: true, when: "spec.replicas", want: both(wantAt("status.replicas", integer())),
		does: "the Cluster's status.controlPlane.replicas and clusterctl describe stay empty", fix: "add Replicas *int32 `json:\"replicas,omitempty\"` to the status"},
	{rule: ruleCPReplicas, roles: rolesCP, must: true, when: "spec.replicas", want: both(wantAt("status.selector", str())),
		does: "nothing in cluster-api v1.14 reads it, but kubectl scale and autoscalers select the control plane's Machines through the scale subresource", fix: "add Selector string `json:\"selector,omitempty\"` to the status"},
	{rule: ruleCPVersion, roles: rolesCP, must: true, when: "spec.version",
		want: per([]want{wantAt("status.version", str())}, []want{wantAt("status.version", str()), wantAt("status.versions", versions)}),
		does: "the MachineSet preflight check (machineset_preflight.go) sees the control plane provisioning forever and holds every worker Machine, and the topology reconciler never upgrades it", fix: "v1beta2: Versions []clusterv1.StatusVersion `json:\"versions,omitempty\"`; v1beta1: Version *string `json:\"version,omitempty\"`"},
	{rule: ruleCPVersion, roles: rolesCP, want: per([]want{wantAt("status.versions", versions)}, nil), // v1beta2: checked above
		does: "decoding status.versions fails, so MachineSet preflight checks and the topology reconciler error", fix: "use []clusterv1.StatusVersion"},
	{rule: ruleCPMachineTemplate, roles: rolesCP, must: true, when: "spec.machineTemplate", template: true, classless: ruleCPMachineTemplateClassless,
		want: per([]want{wantAt("spec.machineTemplate.infrastructureRef", refV1)}, []want{wantAt("spec.machineTemplate.spec.infrastructureRef", refV2)}),
		does: "the ClusterClass topology reconciler cannot read or set the control plane machines' infrastructure template (core/reconcilers/topology/cluster/current_state.go getCurrentControlPlaneState, exp/topology/desiredstate/desired_state.go computeControlPlane)", fix: "v1beta1: InfrastructureRef corev1.ObjectReference; v1beta2: Spec {InfrastructureRef clusterv1.ContractVersionedObjectReference}"},
	{rule: rulePoolReady, roles: rolesPool, must: true, want: both(wantAt("status.ready", boolean())),
		does: "the MachinePool never becomes InfrastructureReady", fix: "add Ready bool `json:\"ready\"` to the status (also in v1beta2, until cluster-api reads status.initialization.provisioned)"},
	{rule: rulePoolProviderIDs, roles: rolesPool, must: true, want: both(wantAt("spec.providerIDList", arrayOf(str()))),
		does: "the MachinePool never gets the IDs of its instances, so it never finds their Nodes; another shape fails its reconcile", fix: "ProviderIDList []string `json:\"providerIDList,omitempty\"`"},
	{rule: rulePoolProviderIDs, roles: rolesPool, want: both(wantAt("status.replicas", integer())),
		does: "decoding it fails and the MachinePool reconcile errors", fix: "Replicas int32 `json:\"replicas\"`"},
	{rule: rulePoolMachineKind, roles: rolesPool, want: both(wantAt("status.infrastructureMachineKind", str())),
		does: "reading it fails and every MachinePool reconcile errors", fix: "InfrastructureMachineKind string `json:\"infrastructureMachineKind,omitempty\"`"},
	{rule: ruleCPCounters, roles: rolesCP, must: true, when: "spec.replicas",
		want: both(wantAt("status.readyReplicas", integer()))},
	{rule: ruleCPCounters, roles: rolesCP, must: true, when: "spec.replicas",
		want: per([]want{wantAt("status.updatedReplicas", integer())}, []want{wantAt("status.upToDateReplicas", integer())})},
	{rule: ruleCPCounters, roles: rolesCP, must: true, when: "spec.replicas",
		want: per([]want{wantAt("status.unavailableReplicas", integer())}, []want{wantAt("status.availableReplicas", integer())})},
}
