// Package contract checks parsed provider manifests against the clusterctl provider
// contract and the contracts of the provider types: components files (Components,
// ComponentsFileName), cluster templates and ClusterClass files (Templates). Checks
// are pure functions over manifest.Doc values; every finding points at the offending
// line of the original file. Rules lists every rule with its contract sentence.
//
// Severities follow one principle: an error is what makes a clusterctl v1.14.2
// command or a cluster-api v1.14 controller fail or lose data, and each error rule's
// contract sentence names the cluster-api function (file) that does; a warning is a
// contract MUST that works today (or a SHOULD); a note is advice. A rule that cannot
// be sure is at most a warning.
//
// Heuristics, documented because they decide between error and silence:
//   - Contract kinds (InfraCluster, InfraMachine, InfraMachinePool, BootstrapConfig,
//     ControlPlane and their Templates) are recognised from the kind itself, never
//     from the type of the provider shipping it (role.go): the type its group names
//     (<type>.<domain>, or a <type> segment of a *.cluster.x-k8s.io group) and the
//     kind suffix (Cluster, Machine, MachinePool, ControlPlane for infrastructure;
//     Config for bootstrap; ControlPlane for control plane; each optionally +
//     Template); else, for a kind with a contract label, the fields Cluster API reads.
//     Bundled third-party CRDs (Azure Service Operator's ManagedCluster) are left
//     alone; bundled kinds of another provider type (CAPA's EKSConfig) get their
//     own type's checks.
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
