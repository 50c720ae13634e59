// Package contract checks parsed provider manifests against the clusterctl provider
// contract and the contracts of the provider types: components files (Components,
// ComponentsFileName), cluster templates and ClusterClass files (Templates). Checks
// are pure functions over manifest.Doc values; every finding points at the offending
// line of the original file. Rules lists every rule with its contract sentence.
//
// Severities: what clusterctl rejects or a contract says MUST is an error, SHOULD is a
// warning, and a rule that cannot be sure is at most a warning.
//
// Heuristics, documented because they decide between error and silence:
//   - Contract kinds (InfraCluster, InfraMachine, InfraMachinePool, BootstrapConfig,
//     ControlPlane and their Templates) are recognised by provider type and kind
//     suffix (Cluster, Machine, MachinePool, ControlPlane for infrastructure; Config
//     for bootstrap; ControlPlane for control plane; each optionally + Template),
//     only in groups named <type>.<domain> or *.cluster.x-k8s.io, so bundled
//     third-party CRDs (Azure Service Operator's ManagedCluster) are left alone.
//   - Contract labels are checked only for infrastructure, bootstrap and control-plane
//     providers, whose kinds Cluster API references by apiVersion. Cluster API uses
//     the last version of the label it reads (GetLatestContractAndAPIVersionFromContract):
//     the label of Input.Contract or a newer contract's, or the newest
//     cluster.x-k8s.io/<version> label when no contract is given. Only that version is
//     held to the MUST; other listed versions (commonLabels often leave them stale)
//     warn, once per CRD.
//   - With several Deployments, one manager container is required; helper
//     Deployments without one only warn.
//   - Certificate dnsNames are judged only in the <svc>.<ns>.svc[.cluster.local]
//     form clusterctl rewrites; other names (localhost, external) are not.
//   - A ClusterClass referenced through a variable is checked under the variable's
//     default; without a default the reference is reported as uncheckable.
//   - Identity kinds (components-move-label) are the provider's own kinds named
//     <...>Identity; the manager (components-manager-rbac) is every Deployment with a
//     manager container, and the kinds it reconciles are the contract kinds and the
//     provider's own kinds with a status subresource (not Templates). RBAC is
//     resolved from the file alone; a binding to a role the file does not ship turns
//     the check into a note.
//
// CRDName ports gobuffalo/flect's pluralisation (v1.0.2 and v1.0.3 share the rules);
// it matches flect on every pair in testdata/flect-plurals.txt.
package contract
