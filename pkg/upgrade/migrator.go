package upgrade

import (
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/contract"
	"github.com/capirepo/capirepo/pkg/inventory"
)

// migrator returns the ClusterRole that lets r's manager run cluster-api's
// crdmigrator for a CRD (patch or update on customresourcedefinitions/status, which
// is how the migrator trims status.storedVersions; "*/status" and "*" cover it as the
// API server matches), or "" when r grants none or a
// manager skips the StorageVersionMigration phase (--skip-crd-migration-phases).
func migrator(r *inventory.Release, crd string) string {
	if skipsMigration(r) {
		return ""
	}
	for _, g := range r.RBAC {
		if g.Cluster && anyOf(g.Verb, "patch", "update", "*") && anyOf(g.APIGroup, "apiextensions.k8s.io", "*") &&
			slices.Contains(contract.CoveringResources("customresourcedefinitions/status"), g.Resource) &&
			(g.ResourceName == "" || g.ResourceName == crd) {
			return g.Role
		}
	}
	return ""
}

// skipsMigration reports a container of r started with --skip-crd-migration-phases
// naming StorageVersionMigration (or All), as cluster-api's managers spell the flag.
func skipsMigration(r *inventory.Release) bool {
	for _, w := range r.Workloads {
		for _, ct := range w.Containers {
			args := append(append([]string(nil), ct.Command...), ct.Args...)
			for i, a := range args {
				value, ok := strings.CutPrefix(a, "--skip-crd-migration-phases=")
				if !ok && a == "--skip-crd-migration-phases" && i+1 < len(args) {
					value, ok = args[i+1], true
				}
				if ok && (strings.Contains(value, "StorageVersionMigration") || strings.Contains(value, "All")) {
					return true
				}
			}
		}
	}
	return false
}

func anyOf(s string, values ...string) bool {
	for _, v := range values {
		if s == v {
			return true
		}
	}
	return false
}
