package contract

import (
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// want is a schema path of one contract version and the shape Cluster API reads.
type want struct {
	path string
	shape
}

// wantAt is the shape s at path.
func wantAt(path string, s shape) want { return want{path: path, shape: s} }

// fieldRule is one contract requirement on a schema path, per contract version.
type fieldRule struct {
	rule      lint.Rule
	roles     []string
	want      map[string][]want // contract version -> paths (any one present satisfies "must")
	must      bool              // missing is a finding; otherwise only a wrong shape is
	when      string            // apply only when this path exists (e.g. spec.replicas)
	template  bool              // apply only to a kind with a <Kind>Template (ClusterClass support)...
	classless lint.Rule         // ...or report this rule instead for one without (zero: skip it)
	does      string            // what Cluster API does with the path
	fix       string            // how to fix it (kubebuilder field or marker)
}

// Severities follow one principle (docs/commands/lint.md "Severities"): an error is
// a path whose absence or shape makes a cluster-api v1.14 controller (or clusterctl
// v1.14.2) fail or lose data, named in the rule; a warning a contract MUST that
// works today; a note advice.
var (
	ruleInfraClusterProvisioned = rule("contract-infra-cluster-provisioned", lint.Error, "InfraCluster MUST report provisioning: v1beta1 status.ready, v1beta2 status.initialization.provisioned, a boolean; without it the Cluster never becomes InfrastructureReady (internal/contract/infrastructure_cluster.go Provisioned, read by core/reconcilers/cluster/cluster_controller_phases.go reconcileInfrastructure).")
	ruleEndpoint                = rule("contract-control-plane-endpoint", lint.Error, "spec.controlPlaneEndpoint, when an InfraCluster or ControlPlane has it, is {host string, port integer}: Cluster API reads host with NestedString and port with NestedInt64 and fails on other types; without host or port the endpoint it copies is pruned (internal/contract/infrastructure_cluster.go ControlPlaneEndpoint, IgnorePaths; core/reconcilers/cluster/cluster_controller_phases.go).")
	ruleFailureDomains          = rule("contract-failure-domains", lint.Error, "InfraCluster status.failureDomains, when present, is a map name -> {controlPlane boolean, attributes map of strings} in v1beta1 and a list of {name, controlPlane, attributes} in v1beta2; Cluster API decodes it as JSON and the Cluster reconcile fails on another shape (internal/contract/infrastructure_cluster.go FailureDomains.Get).")
	ruleConditions              = rule("contract-conditions", lint.Warning, "Providers SHOULD implement status.conditions as a list of {type, status, ...} conditions; a warning: Cluster API mirrors their Ready condition and reports nothing when it cannot read it (util/conditions UnstructuredGetter, used by core/reconcilers/machine/machine_controller_phases.go SetMirror).")
	ruleProviderID              = rule("contract-infra-machine-provider-id", lint.Error, "InfraMachine MUST have spec.providerID, a string: the Machine waits for it forever and never links to its Node (internal/contract/infrastructure_machine.go ProviderID, read by core/reconcilers/machine/machine_controller_phases.go reconcileInfrastructure).")
	ruleMachineProvisioned      = rule("contract-infra-machine-provisioned", lint.Error, "InfraMachine MUST report provisioning: v1beta1 status.ready, v1beta2 status.initialization.provisioned, a boolean; without it the Machine never becomes InfrastructureReady (internal/contract/infrastructure_machine.go Provisioned, read by core/reconcilers/machine/machine_controller_phases.go reconcileInfrastructure).")
	ruleAddresses               = rule("contract-infra-machine-addresses", lint.Error, "InfraMachine status.addresses, when present, is a list of {type string, address string}: Cluster API decodes it as JSON into []MachineAddress and the Machine reconcile fails on another shape (internal/contract/infrastructure_machine.go Addresses, core/reconcilers/machine/machine_controller_phases.go reconcileInfrastructure).")
	ruleMachineFailureDomain    = rule("contract-infra-machine-failure-domain", lint.Error, "InfraMachine spec.failureDomain and status.failureDomain, when present, are strings under every contract: cluster-api v1.14 reads both with NestedString and the Machine reconcile fails on another type (internal/contract/infrastructure_machine.go DeprecatedFailureDomain, FailureDomain; core/reconcilers/machine/machine_controller_phases.go reconcileInfrastructure).")
	ruleFailureFields           = rule("contract-failure-reason", lint.Error, "status.failureReason and status.failureMessage, when a contract kind has them, are strings: Cluster API reads both of every InfraCluster, ControlPlane, InfraMachine, BootstrapConfig and InfraMachinePool with NestedString and aborts the reconcile on another type (controllers/external/util.go FailuresFrom, called by core/reconcilers/cluster/cluster_controller_phases.go, machine/machine_controller_phases.go, machinepool/machinepool_controller_phases.go reconcileExternal).")
	ruleDataSecretName          = rule("contract-bootstrap-data-secret-name", lint.Error, "BootstrapConfig MUST surface the bootstrap data Secret in status.dataSecretName, a string: without it the Machine never gets its bootstrap data (internal/contract/bootstrap.go DataSecretName, read by core/reconcilers/machine/machine_controller_phases.go reconcileBootstrap).")
	ruleDataSecretCreated       = rule("contract-bootstrap-data-secret-created", lint.Error, "BootstrapConfig MUST report initialization: v1beta1 status.ready, v1beta2 status.initialization.dataSecretCreated, a boolean: without it the Machine never becomes BootstrapReady (internal/contract/bootstrap.go DataSecretCreated, read by core/reconcilers/machine/machine_controller_phases.go reconcileBootstrap).")
	ruleCPInitialized           = rule("contract-control-plane-initialized", lint.Error, "ControlPlane MUST report initialization: v1beta1 status.initialized, v1beta2 status.initialization.controlPlaneInitialized, a boolean: without it the Cluster never sees the control plane initialized and workers never join (internal/contract/controlplane.go Initialized, read by core/reconcilers/cluster/cluster_controller_phases.go reconcileControlPlane).")
	ruleCPReplicas              = rule("contract-control-plane-replicas", lint.Warning, "A ControlPlane with spec.replicas MUST have status.replicas (integer) and status.selector (string) (control-plane contract: replicas); a warning: cluster-api v1.14 reads status.replicas only for the Cluster's status and clusterctl describe, ignoring errors (core/reconcilers/cluster/cluster_controller_status.go, internal/util/tree/tree.go), and nothing calls internal/contract/controlplane.go Selector (the scale subresource uses it).")
	ruleCPCounters              = rule("contract-control-plane-replica-counters", lint.Warning, "A ControlPlane with spec.replicas SHOULD report its replica counters: v1beta1 status.readyReplicas, updatedReplicas, unavailableReplicas; v1beta2 status.readyReplicas, availableReplicas, upToDateReplicas; Cluster API reads them for the Cluster's status only, ignoring errors (internal/contract/controlplane.go; core/reconcilers/cluster/cluster_controller_status.go).")
	ruleCPVersion               = rule("contract-control-plane-version", lint.Error, "A ControlPlane with spec.version MUST report the version it runs: status.version, or in v1beta2 also status.versions[] ({version string, replicas integer}); without it the MachineSet preflight check sees the control plane provisioning forever and holds every worker Machine, and the topology reconciler never upgrades it (internal/contract/controlplane.go IsProvisioning, CurrentStatusVersion, StatusVersions.Get; core/reconcilers/machineset/machineset_preflight.go controlPlaneStablePreflightCheck; exp/topology/desiredstate/desired_state.go computeControlPlaneVersion).")
	rulePoolReady               = rule("contract-infra-machine-pool-ready", lint.Error, "InfraMachinePool MUST report provisioning in status.ready, a boolean, under both contracts: the v1beta2 page names status.initialization.provisioned, but cluster-api v1.14 reads status.ready (controllers/external/util.go IsReady, core/reconcilers/machinepool/machinepool_controller_phases.go reconcileInfrastructure).")
	rulePoolProviderIDs         = rule("contract-infra-machine-pool-provider-ids", lint.Error, "InfraMachinePool MUST have spec.providerIDList, a list of strings, and status.replicas, when present, is an integer: Cluster API decodes both as JSON and fails on another shape, and without providerIDList the MachinePool never gets its Nodes (infra-machinepool contract: providerIDList, Mandatory; core/reconcilers/machinepool/machinepool_controller_phases.go reconcileInfrastructure).")
	rulePoolMachineKind         = rule("contract-infra-machine-pool-machine-kind", lint.Error, "InfraMachinePool status.infrastructureMachineKind, when present, is a string, the kind of the InfraMachines behind the MachinePool's Machines: cluster-api v1.14 reads it with NestedString and with util.UnstructuredUnmarshalField into a string, and the MachinePool reconcile fails on another type (core/reconcilers/machinepool/machinepool_controller_scope.go hasMachinePoolMachines, machinepool_controller_phases.go reconcileMachines).")
	ruleCPSpecTypes             = rule("contract-control-plane-spec", lint.Error, "ControlPlane spec.version, when present, is a string and spec.replicas an integer; a ControlPlane with a ControlPlaneTemplate (ClusterClass support) MUST have spec.version, and the v1beta2 fields the topology reconciler writes, when present, have the contract's types (spec.machineTemplate.spec.deletion.*Seconds integers, readinessGates [{conditionType}], taints [{key, effect}], spec.rollout.after a string): Cluster API reads spec.version with NestedString and spec.replicas with NestedInt64 and fails otherwise, the topology reconciler writes them all (the API server rejects another type) and reads spec.version back (internal/contract/controlplane.go Version, Replicas; core/reconcilers/machineset/machineset_preflight.go; exp/topology/desiredstate/desired_state.go computeControlPlane, computeControlPlaneVersion; core/reconcilers/topology/cluster/patches/variables/variables.go).")
)

var (
	rolesInfraCluster = []string{"InfraCluster"}
	rolesMachine      = []string{"InfraMachine"}
	rolesPool         = []string{"InfraMachinePool"}
	rolesBootstrap    = []string{"BootstrapConfig"}
	rolesCP           = []string{"ControlPlane"}
	rolesAll          = []string{"InfraCluster", "InfraMachine", "InfraMachinePool", "BootstrapConfig", "ControlPlane"}
)

func both(w ...want) map[string][]want {
	return map[string][]want{layout.ContractV1beta1: w, layout.ContractV1beta2: w}
}

func flag(v1, v2 string) map[string][]want {
	return map[string][]want{layout.ContractV1beta1: {wantAt(v1, boolean())}, layout.ContractV1beta2: {wantAt(v2, boolean())}}
}

func per(v1, v2 []want) map[string][]want {
	return map[string][]want{layout.ContractV1beta1: v1, layout.ContractV1beta2: v2}
}
