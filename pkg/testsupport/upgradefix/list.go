package upgradefix

// Cases lists one case per upgrade rule (the rule ids are pkg/upgrade's) and the
// identical pair, which reports nothing.
func Cases() []Case {
	return []Case{
		storageTwoBack(), servedFalse(), kindRemoved(), noConversion(), variableRequired(),
		rbacGrown(), contractInPlace(), migrated(), gone(), imageRegistry(), identical(),
	}
}

// withCluster returns r with AcmeCluster's versions (and conversion) replaced.
func withCluster(r Release, webhook bool, vs ...Version) Release {
	crds := append([]CRD(nil), r.CRDs...)
	crds[0].Versions, crds[0].Webhook = vs, webhook
	r.CRDs = crds
	return r
}

var (
	alphaStored = Version{Name: "v1alpha1", Served: true, Storage: true}
	alphaServed = Version{Name: "v1alpha1", Served: true}
	alphaKept   = Version{Name: "v1alpha1"}
	betaStored  = Version{Name: "v1beta1", Served: true, Storage: true, Fields: []string{"zone"}}
)

// storageTwoBack: v0.1.0 stores v1alpha1, v0.2.0 stores v1beta1 and keeps v1alpha1,
// v0.3.0 removes v1alpha1.
func storageTwoBack() Case {
	v1 := withCluster(Base("v0.1.0", 1), false, alphaStored)
	v1.Template = Template("v1alpha1", "${ACME_FLAVOR:=small}")
	return Case{Name: "storage-two-back", Want: "upgrade-storage-version-removed",
		History: []Release{v1, withCluster(Base("v0.2.0", 2), true, alphaServed, betaStored)},
		Next:    withCluster(Base("v0.3.0", 3), false, betaStored)}
}

// servedFalse: v0.3.0 keeps v1alpha1 with served: false while v0.2.0's template is
// written in v1alpha1: no storage error, the template breaks.
func servedFalse() Case {
	v1 := withCluster(Base("v0.1.0", 1), false, alphaStored)
	v2 := withCluster(Base("v0.2.0", 2), true, alphaServed, betaStored)
	v1.Template = Template("v1alpha1", "${ACME_FLAVOR:=small}")
	v2.Template = v1.Template
	return Case{Name: "served-false", Want: "upgrade-served-version-dropped", History: []Release{v1, v2},
		Next: withCluster(Base("v0.3.0", 3), true, alphaKept, betaStored)}
}

// kindRemoved: v0.2.0 drops AcmeMachineTemplate, which v0.1.0's template creates.
func kindRemoved() Case {
	next := Base("v0.2.0", 2)
	next.CRDs = next.CRDs[:2]
	return Case{Name: "kind-removed", Want: "upgrade-crd-removed", History: []Release{Base("v0.1.0", 1)}, Next: next}
}

// noConversion: v0.2.0 serves v1beta2 (another schema) beside v1beta1 with strategy None.
func noConversion() Case {
	return Case{Name: "no-conversion", Want: "upgrade-conversion-none", History: []Release{Base("v0.1.0", 1)},
		Next: withCluster(Base("v0.2.0", 2), false, Version{Name: "v1beta1", Served: true, Storage: true}, Version{Name: "v1beta2", Served: true, Fields: []string{"zone"}})}
}

// variableRequired: v0.2.0's template requires ${ACME_FLAVOR}, which v0.1.0 defaulted.
func variableRequired() Case {
	next := Base("v0.2.0", 2)
	next.Template = Template("v1beta1", "${ACME_FLAVOR}")
	return Case{Name: "variable-required", Want: "upgrade-variable-required", History: []Release{Base("v0.1.0", 1)}, Next: next}
}

// rbacGrown: v0.2.0's manager may read nodes cluster-wide.
func rbacGrown() Case {
	next := Base("v0.2.0", 2)
	next.Rules = append(next.Rules, Rule{Groups: []string{""}, Resources: []string{"nodes"}, Verbs: []string{"get", "list"}})
	return Case{Name: "rbac-grown", Want: "upgrade-rbac-grown", History: []Release{Base("v0.1.0", 1)}, Next: next}
}

// contractInPlace: v0.1.1 declares series 0.1 v1beta2, which v0.1.0 declared v1beta1.
func contractInPlace() Case {
	next := Base("v0.1.1", 1)
	next.Series = []string{"0.1 v1beta2"}
	return Case{Name: "contract-in-place", Want: "upgrade-contract-series", History: []Release{Base("v0.1.0", 1)}, Next: next}
}

// migrated: as storageTwoBack, and v0.2.0 runs cluster-api's crdmigrator.
func migrated() Case {
	c := storageTwoBack()
	c.Name, c.Want = "migrated", "upgrade-storage-version-migrated"
	c.History[1].Args = append(c.History[1].Args, "--skip-crd-migration-phases=CleanupManagedFields")
	c.History[1].Rules = append(c.History[1].Rules, Rule{Groups: []string{"apiextensions.k8s.io"},
		Resources: []string{"customresourcedefinitions", "customresourcedefinitions/status"}, Verbs: []string{"patch", "update"}})
	c.Next.Rules = c.History[1].Rules
	c.Next.Args = c.History[1].Args
	return c
}

// gone: v0.2.0 removed v1alpha1 already; v0.2.1 changes nothing about it.
func gone() Case {
	return Case{Name: "gone", Want: "upgrade-storage-version-gone",
		History: []Release{withCluster(Base("v0.1.0", 1), false, alphaStored), withCluster(Base("v0.2.0", 2), false, betaStored)},
		Next:    withCluster(Base("v0.2.1", 2), false, betaStored)}
}

// imageRegistry: v0.2.0 moves the manager image to another registry.
func imageRegistry() Case {
	next := Base("v0.2.0", 2)
	next.Image = "ghcr.io/acme/acme-controller:v0.2.0"
	return Case{Name: "image-registry", Want: "upgrade-images-changed", History: []Release{Base("v0.1.0", 1)}, Next: next}
}

// identical: v0.1.1 ships what v0.1.0 shipped, byte for byte.
func identical() Case {
	prev := Base("v0.1.0", 1)
	prev.Image = "registry.example.com/acme/acme-controller:v0.1.0"
	next := prev
	next.Version = "v0.1.1"
	return Case{Name: "identical", History: []Release{prev}, Next: next}
}
