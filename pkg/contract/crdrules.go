package contract

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

const skipCRDNameCheck = "clusterctl.cluster.x-k8s.io/skip-crd-name-preflight-check"

func checkCRDs(s *scan) lint.Findings {
	own := ownGroups(s.crds)
	var out lint.Findings
	for _, c := range s.crds {
		out = append(out, checkCRDVersion(s, c)...)
		out = append(out, checkCRDName(s, c)...)
		out = append(out, checkContractLabels(s, c, own)...)
		out = append(out, checkCRDScope(s, c)...)
		out = append(out, checkCRDTemplate(s, c)...)
	}
	return append(out, checkRoleUnknown(s)...)
}

// ownGroups are the provider's API groups: cluster.x-k8s.io ones and those of its
// contract kinds.
func ownGroups(crds []crd) map[string]bool {
	out := map[string]bool{}
	for _, c := range crds {
		if c.role != "" || isCAPIGroup(c.group) {
			out[c.group] = true
		}
	}
	return out
}

func checkCRDVersion(s *scan, c crd) lint.Findings {
	if av := c.doc.Obj.APIVersion(); av != "apiextensions.k8s.io/v1" && av != "apiextensions.k8s.io/v1beta1" {
		return lint.Findings{report(ruleCRDVersion, s.in.File, c.doc, c.doc.LineOf("apiVersion"),
			"apiVersion %q cannot be patched by clusterctl (\"failed to patch %s CustomResourceDefinition\"); use apiextensions.k8s.io/v1", av, c.doc.Obj.Version())}
	}
	return nil
}

// checkCRDName: clusterctl init refuses a CRD name other than CalculateCRDName's
// unless the CRD has the skip annotation; the annotation does not help a contract
// kind, whose CRD the core reads by that name (internal/contract/version.go
// GetGKMetadata) to resolve every reference to it.
func checkCRDName(s *scan, c crd) lint.Findings {
	if c.group == "" || c.kind == "" {
		return nil
	}
	want := CRDName(c.group, c.kind)
	if c.doc.Obj.Name() == want {
		return nil
	}
	if _, skip := c.doc.Obj.StringMap("metadata", "annotations")[skipCRDNameCheck]; skip {
		if c.role == "" {
			return nil
		}
		return lint.Findings{report(ruleCRDName, s.in.File, c.doc, c.doc.LineOf("metadata", "name"),
			"CRD name %q is not %q; %s silences clusterctl init's check, but %s is a %s kind (%s) and Cluster API finds its CRD by the name %q (internal/contract/version.go GetGKMetadata), so every reference to it fails; rename the CRD", c.doc.Obj.Name(), want, skipCRDNameCheck, c.kind, c.role, c.roleWhy, want)}
	}
	return lint.Findings{report(ruleCRDName, s.in.File, c.doc, c.doc.LineOf("metadata", "name"),
		"CRD name %q is invalid, it should be %q (clusterctl init refuses it); rename it or, if Cluster API never references the kind, annotate it with %s", c.doc.Obj.Name(), want, skipCRDNameCheck)}
}

func checkCRDScope(s *scan, c crd) lint.Findings {
	if c.role == "" || c.scope == "Namespaced" {
		return nil
	}
	return lint.Findings{report(ruleCRDScope, s.in.File, c.doc, c.doc.LineOf("spec", "scope"),
		"%s kind %s has scope %q; Cluster API references it from namespaced objects, so make it Namespaced", c.role, c.kind, c.scope)}
}

func checkCRDTemplate(s *scan, c crd) lint.Findings {
	if !c.needsTemplate() {
		return nil
	}
	if hasTemplate(s, c) || siblingHasTemplate(s, c) {
		return nil
	}
	if c.role == "InfraMachine" || c.role == "BootstrapConfig" {
		return lint.Findings{report(ruleCRDTemplateMust, s.in.File, c.doc, c.doc.LineOf("spec", "names", "kind"),
			"%s kind %s has no %sTemplate CRD in group %s; add one: MachineDeployments and MachineSets create %s objects from it (the contract says MUST)", c.role, c.kind, c.kind, c.group, c.kind)}
	}
	return lint.Findings{report(ruleCRDTemplate, s.in.File, c.doc, c.doc.LineOf("spec", "names", "kind"),
		"%s kind %s has no %sTemplate CRD in group %s; add one to support ClusterClasses, which create %s objects from it", c.role, c.kind, c.kind, c.group, c.kind)}
}

// siblingHasTemplate: another kind of the same role and group has its Template, so
// the provider does ship templates and this kind is created some other way, e.g.
// k0smotron's K0sControllerConfig (made by its control plane, never from a
// MachineDeployment) beside K0sWorkerConfigTemplate, or PooledRemoteMachine beside
// RemoteMachineTemplate.
func siblingHasTemplate(s *scan, c crd) bool {
	kinds := map[string]bool{}
	for _, o := range s.crds {
		if o.group == c.group {
			kinds[o.kind] = true
		}
	}
	for _, o := range s.crds {
		if o.group == c.group && o.role == c.role && o.kind != c.kind && kinds[o.kind+"Template"] {
			return true
		}
	}
	return false
}

// checkRoleUnknown notes, once per API group, labelled kinds of a group in which no
// kind has a contract role (outside Cluster API's own groups): their role could not
// be recognised, so no contract field is checked on them. Identities and other
// helpers beside a provider's contract kinds carry blanket labels and are left alone.
func checkRoleUnknown(s *scan) lint.Findings {
	var groups []string
	kinds := map[string][]string{}
	first := map[string]crd{}
	for _, c := range s.crds {
		if c.group == "" || c.kind == "" || layout.IsCoreGroup(c.group) || len(contractLabels(c)) == 0 || groupHasRole(s, c.group) {
			continue
		}
		if _, seen := first[c.group]; !seen {
			groups, first[c.group] = append(groups, c.group), c
		}
		kinds[c.group] = append(kinds[c.group], c.kind)
	}
	var out lint.Findings
	for _, g := range groups {
		c := first[g]
		out = append(out, report(ruleRoleUnknown, s.in.File, c.doc, c.doc.LineOf("metadata", "labels", contractLabels(c)[0][0]),
			"%s of group %s carry cluster.x-k8s.io/<contract> labels, but no kind of the group is a contract kind by its name, group or fields, so no contract field is checked on them; fine for kinds Cluster API does not read as an InfraCluster, InfraMachine, InfraMachinePool, BootstrapConfig or ControlPlane (pools, identities, add-ons); if one is, name it <Name>Cluster, <Name>Machine, <Name>Config or <Name>ControlPlane in a <type>.<domain> group", strings.Join(kinds[g], ", "), g))
	}
	return out
}

func groupHasRole(s *scan, group string) bool {
	for _, c := range s.crds {
		if c.group == group && c.role != "" {
			return true
		}
	}
	return false
}
