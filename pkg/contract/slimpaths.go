package contract

import "github.com/capirepo/capirepo/pkg/manifest"

// schemaPaths are the CRD schema property paths the rules read (dot-separated, from the
// root of openAPIV3Schema; a path ending in ".*" keeps the names of every child): all
// that manifest's Slim parsing keeps of a schema. TestFieldRulePathsKept checks the
// rules read only these paths.
var schemaPaths = []string{
	"spec.controlPlaneEndpoint.host", "spec.controlPlaneEndpoint.port",
	"spec.providerID", "spec.providerIDList", "spec.failureDomain", "spec.replicas", "spec.version",
	"spec.machineTemplate.*",
	"spec.machineTemplate.infrastructureRef.apiVersion", "spec.machineTemplate.infrastructureRef.kind",
	"spec.machineTemplate.infrastructureRef.name",
	"spec.machineTemplate.spec.*",
	"spec.machineTemplate.spec.infrastructureRef.apiGroup", "spec.machineTemplate.spec.infrastructureRef.kind",
	"spec.machineTemplate.spec.infrastructureRef.name",
	"spec.machineTemplate.spec.deletion.nodeDrainTimeoutSeconds", "spec.machineTemplate.spec.deletion.nodeVolumeDetachTimeoutSeconds",
	"spec.machineTemplate.spec.deletion.nodeDeletionTimeoutSeconds",
	"spec.machineTemplate.spec.readinessGates.conditionType",
	"spec.machineTemplate.spec.taints.key", "spec.machineTemplate.spec.taints.effect",
	"spec.rollout.after",
	"spec.template.spec", "spec.template.metadata",
	"status.ready", "status.initialized", "status.dataSecretName", "status.failureDomain",
	"status.initialization.provisioned", "status.initialization.dataSecretCreated",
	"status.initialization.controlPlaneInitialized",
	"status.failureDomains.name", "status.failureDomains.controlPlane", "status.failureDomains.attributes",
	"status.addresses.type", "status.addresses.address",
	"status.conditions.type", "status.conditions.status",
	"status.failureReason", "status.failureMessage",
	"status.replicas", "status.readyReplicas", "status.availableReplicas", "status.updatedReplicas",
	"status.unavailableReplicas", "status.upToDateReplicas", "status.selector",
	"status.version", "status.versions.version", "status.versions.replicas", "status.infrastructureMachineKind",
}

// slimKept is schemaPaths as manifest's tree (built once, read only).
var slimKept = manifest.KeepPaths(schemaPaths...)

// SlimPaths is what manifest.Options.Slim keeps for the contract rules.
func SlimPaths() *manifest.Kept { return slimKept }
