package upgrade

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/inventory"
)

// storage reports, for each CRD of next, the versions an earlier release stored in
// etcd that next no longer lists in spec.versions: the history comes from each
// release's own CRDs.
func (c *check) storage() {
	for i := range c.next.CRDs {
		crd := &c.next.CRDs[i]
		for _, v := range storedVersions(c.from, crd.Name) {
			if crd.Version(v) == nil {
				c.storageRemoved(crd, v)
			}
		}
	}
}

// storedVersions lists the storage versions of a CRD across releases, in the order
// they were first stored.
func storedVersions(from []*inventory.Release, crd string) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range from {
		if rc := r.CRD(crd); rc != nil && rc.StorageVersion() != "" && !seen[rc.StorageVersion()] {
			seen[rc.StorageVersion()] = true
			out = append(out, rc.StorageVersion())
		}
	}
	return out
}

// storageRemoved reports one storage version next removes: an error when the previous
// release still listed it, a warning when a release after the last one storing it
// runs a storage migration for the CRD, a note when an earlier release removed it.
func (c *check) storageRemoved(crd *inventory.CRD, v string) {
	stored := func(r *inventory.Release) bool {
		rc := r.CRD(crd.Name)
		return rc != nil && rc.StorageVersion() == v
	}
	last := 0
	for i, r := range c.from {
		if stored(r) {
			last = i
		}
	}
	where := fmt.Sprintf("%s was the storage version of %s in %s", v, crd.Name, span(c.from, stored))
	refused := fmt.Sprintf("CustomResourceDefinition.apiextensions.k8s.io %q is invalid: status.storedVersions[0]: Invalid value: %q: must appear in spec.versions", crd.Name, v)
	object := "CustomResourceDefinition " + crd.Name
	c.cover(crd.Name, "versions["+v+"]")
	if by := c.removedBy(crd.Name, v, last); by != nil {
		c.add(RuleStorageGone, crd.File, crd.Line, object, fmt.Sprintf("%s; %s removed it from spec.versions already: clusters still running those releases could not upgrade to it and cannot upgrade to %s either (%s)",
			where, name(by), name(c.next), refused))
		return
	}
	if r, role := c.migratedBy(crd, last); r != nil {
		c.add(RuleStorageMigrated, crd.File, crd.Line, object, fmt.Sprintf("%s; %s removes it from spec.versions. %s runs cluster-api's crdmigrator for it (ClusterRole %s may patch customresourcedefinitions/status), which trims status.storedVersions to %s: a cluster must run %s or a later release before it upgrades to %s; clusterctl upgrade straight from an older release fails: %s",
			where, name(c.next), name(r), role, r.CRD(crd.Name).StorageVersion(), name(r), name(c.next), refused))
		return
	}
	c.add(RuleStorageRemoved, crd.File, crd.Line, object, fmt.Sprintf("%s; %s removes it from spec.versions (%s still lists it). A management cluster that ran one of those releases keeps %s in the CRD's status.storedVersions unless clusterctl migrated it at an upgrade (v1.2 to v1.9 did; v1.10 to v1.12 only with --enable-crd-storage-version-migration; v1.13 and later never), so clusterctl upgrade to %s fails: %s. Keep %s in spec.versions with served: false and storage: false, or migrate the objects with cluster-api's crdmigrator in a release users run first (see docs/crd-versions.md)%s",
		where, name(c.next), name(c.prev), v, name(c.next), refused, v, c.ownMigrator(crd)))
}

// removedBy returns the first release after index last that has the CRD without v,
// when the previous release lacks v too: the version was gone before next.
func (c *check) removedBy(crd, v string, last int) *inventory.Release {
	if pc := c.prev.CRD(crd); pc == nil || pc.Version(v) != nil {
		return nil
	}
	for _, r := range c.from[last+1:] {
		if rc := r.CRD(crd); rc != nil && rc.Version(v) == nil {
			return r
		}
	}
	return nil
}

// migratedBy returns the oldest release after index last that runs a storage
// migration for the CRD into a version next keeps, and the role that lets it.
func (c *check) migratedBy(crd *inventory.CRD, last int) (*inventory.Release, string) {
	for _, r := range c.from[last+1:] {
		rc := r.CRD(crd.Name)
		if rc == nil || crd.Version(rc.StorageVersion()) == nil {
			continue
		}
		if role := migrator(r, crd.Name); role != "" {
			return r, role
		}
	}
	return nil, ""
}

// ownMigrator explains, when next itself migrates the CRD, why that does not help.
func (c *check) ownMigrator(crd *inventory.CRD) string {
	if migrator(c.next, crd.Name) == "" {
		return ""
	}
	return fmt.Sprintf("; %s's own crdmigrator cannot help: the API server refuses its CRD before its manager starts", name(c.next))
}
