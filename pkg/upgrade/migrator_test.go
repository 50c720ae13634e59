package upgrade

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/inventory"
)

const crdName = "acmeclusters.infrastructure.cluster.x-k8s.io"

func grant(verb, group, resource, name string) inventory.Grant {
	return inventory.Grant{Role: "acme-manager-role", Cluster: true, Verb: verb, APIGroup: group, Resource: resource, ResourceName: name}
}

// TestMigrator: a storage migration is seen from a ClusterRole that may patch the
// CRD's status (all CRDs, or this one by name), unless a manager skips the phase.
func TestMigrator(t *testing.T) {
	t.Parallel()
	manager := func(args ...string) []inventory.Workload {
		return []inventory.Workload{{Kind: "Deployment", Name: "m", Containers: []inventory.Container{{Name: "manager", Args: args}}}}
	}
	status := grant("patch", "apiextensions.k8s.io", "customresourcedefinitions/status", "")
	for _, c := range []struct {
		name string
		r    inventory.Release
		want bool
	}{
		{"status patch", inventory.Release{RBAC: []inventory.Grant{status}}, true},
		{"this CRD by name", inventory.Release{RBAC: []inventory.Grant{grant("update", "apiextensions.k8s.io", "customresourcedefinitions/status", crdName)}}, true},
		{"another CRD by name", inventory.Release{RBAC: []inventory.Grant{grant("patch", "apiextensions.k8s.io", "customresourcedefinitions/status", "other.x.io")}}, false},
		{"read only", inventory.Release{RBAC: []inventory.Grant{grant("get", "apiextensions.k8s.io", "customresourcedefinitions", "")}}, false},
		{"the CRD, not its status", inventory.Release{RBAC: []inventory.Grant{grant("patch", "apiextensions.k8s.io", "customresourcedefinitions", "")}}, false},
		{"every status", inventory.Release{RBAC: []inventory.Grant{grant("patch", "apiextensions.k8s.io", "*/status", "")}}, true},
		{"every resource", inventory.Release{RBAC: []inventory.Grant{grant("*", "*", "*", "")}}, true},
		{"customresourcedefinitions/* (no wildcard)", inventory.Release{RBAC: []inventory.Grant{grant("patch", "apiextensions.k8s.io", "customresourcedefinitions/*", "")}}, false},
		{"a namespaced Role", inventory.Release{RBAC: []inventory.Grant{{Verb: "patch", APIGroup: "apiextensions.k8s.io", Resource: "customresourcedefinitions/status"}}}, false},
		{"skipped phase", inventory.Release{RBAC: []inventory.Grant{status}, Workloads: manager("--skip-crd-migration-phases=StorageVersionMigration")}, false},
		{"skipped, two arguments", inventory.Release{RBAC: []inventory.Grant{status}, Workloads: manager("--skip-crd-migration-phases", "All")}, false},
		{"other phase skipped", inventory.Release{RBAC: []inventory.Grant{status}, Workloads: manager("--skip-crd-migration-phases=CleanupManagedFields")}, true},
	} {
		if got := migrator(&c.r, crdName) != ""; got != c.want {
			t.Errorf("%s: migrator %v, want %v", c.name, got, c.want)
		}
	}
}

// TestGranted: "*" and "*/<sub>" cover, as the API server matches (ResourceMatches,
// resourceCoversAll); "pods/*" is no wildcard; a resource name does not cover the
// whole resource.
func TestGranted(t *testing.T) {
	t.Parallel()
	old := []inventory.Grant{grant("*", "apps", "deployments", ""), grant("get", "", "pods/*", ""), grant("get", "", "secrets", "one"),
		grant("patch", "example.io", "*/status", ""),
		{Role: "r", Cluster: true, Verb: "get", NonResourceURL: "/metrics/*"}}
	for _, c := range []struct {
		g    inventory.Grant
		want bool
	}{
		{grant("delete", "apps", "deployments", ""), true},
		{grant("get", "", "pods/log", ""), false},
		{grant("get", "", "pods/*", ""), true},
		{grant("patch", "example.io", "widgets/status", ""), true},
		{grant("patch", "example.io", "*/status", ""), true},
		{grant("patch", "example.io", "widgets/scale", ""), false},
		{grant("patch", "example.io", "widgets", ""), false},
		{grant("get", "", "pods", ""), false},
		{grant("get", "", "secrets", "one"), true},
		{grant("get", "", "secrets", ""), false},
		{inventory.Grant{Cluster: true, Verb: "get", NonResourceURL: "/metrics/cadvisor"}, true},
		{inventory.Grant{Cluster: true, Verb: "get", NonResourceURL: "/healthz"}, false},
	} {
		if got := granted(old, c.g); got != c.want {
			t.Errorf("%s: granted %v, want %v", describeGrants([]inventory.Grant{c.g}), got, c.want)
		}
	}
}
