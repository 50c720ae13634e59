package contract

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// The contract roles: the kinds Cluster API references by apiVersion and reads
// through internal/contract (InfrastructureCluster(), InfrastructureMachine(),
// Bootstrap(), ControlPlane(), ...), and the Templates it creates them from.
const (
	roleInfraCluster         = "InfraCluster"
	roleInfraMachine         = "InfraMachine"
	roleInfraMachinePool     = "InfraMachinePool"
	roleBootstrapConfig      = "BootstrapConfig"
	roleControlPlane         = "ControlPlane"
	roleInfraClusterTemplate = "InfraClusterTemplate"
	roleInfraMachineTemplate = "InfraMachineTemplate"
	roleInfraPoolTemplate    = "InfraMachinePoolTemplate"
	roleBootstrapTemplate    = "BootstrapConfigTemplate"
	roleControlPlaneTemplate = "ControlPlaneTemplate"
)

// roleSuffixes are the kinds each provider type serves to Cluster API, recognised by
// suffix (longest first): InfraCluster, InfraMachine, InfraMachinePool and, for
// managed Kubernetes, a ControlPlane; BootstrapConfig; ControlPlane; each with its
// Template.
var roleSuffixes = map[string][][2]string{
	layout.InfrastructureProvider: {
		{"ControlPlaneTemplate", roleControlPlaneTemplate}, {"MachinePoolTemplate", roleInfraPoolTemplate},
		{"MachineTemplate", roleInfraMachineTemplate}, {"ClusterTemplate", roleInfraClusterTemplate},
		{"ControlPlane", roleControlPlane}, {"MachinePool", roleInfraMachinePool},
		{"Machine", roleInfraMachine}, {"Cluster", roleInfraCluster}},
	layout.BootstrapProvider:    {{"ConfigTemplate", roleBootstrapTemplate}, {"Config", roleBootstrapConfig}},
	layout.ControlPlaneProvider: {{"ControlPlaneTemplate", roleControlPlaneTemplate}, {"ControlPlane", roleControlPlane}},
}

// roleOf classifies one CRD from the kind itself, never from the type of the
// provider that ships it, so CAPA's EKSConfig (bootstrap.cluster.x-k8s.io) is a
// BootstrapConfig in an infrastructure components file. First by name: a kind
// longer than a role suffix of its group's type (FooMachine in infrastructure.*);
// else, for a kind carrying a cluster.x-k8s.io/<contract> label outside Cluster
// API's own groups, by the fields Cluster API reads (fieldRole). why is the evidence.
// Template kinds recognised only by their base kind are paired by pairTemplates.
func roleOf(c crd) (role, why string) {
	if t := string(layout.GroupType(c.group, layout.GroupAnySegment)); t != "" {
		for _, s := range roleSuffixes[t] {
			if strings.HasSuffix(c.kind, s[0]) && len(c.kind) > len(s[0]) {
				return s[1], "its name ends in " + s[0] + " and its group " + c.group + " is a " + t + "'s"
			}
		}
	}
	if layout.IsCoreGroup(c.group) || len(contractLabels(c)) == 0 {
		return "", ""
	}
	return fieldRole(c)
}

// fieldRoles are the fields that mark a role, in the order they are tried (a
// ControlPlane may have controlPlaneEndpoint too, an InfraMachinePool providerIDs).
var fieldRoles = []struct{ role, path, alsoAny string }{
	{roleBootstrapConfig, "status.dataSecretName", ""},
	{roleInfraMachinePool, "spec.providerIDList", ""},
	{roleInfraMachine, "spec.providerID", ""},
	{roleControlPlane, "status.initialization.controlPlaneInitialized", ""},
	{roleControlPlane, "status.initialized", ""},
	{roleInfraCluster, "spec.controlPlaneEndpoint", "status.ready status.initialization.provisioned"},
}

// fieldEvidence starts the evidence of a role fieldRole guessed.
const fieldEvidence = "a cluster.x-k8s.io contract label"

// fieldRole is the role of a labelled kind by the fields of its newest version's
// schema that Cluster API reads for that role ("" when none matches).
func fieldRole(c crd) (role, why string) {
	sv := c.servedVersion(latest(c))
	for _, f := range fieldRoles {
		if _, st := sv.field(f.path); st != present {
			continue
		}
		also := f.alsoAny == ""
		for _, p := range strings.Fields(f.alsoAny) {
			_, st := sv.field(p)
			also = also || st == present
		}
		if also {
			return f.role, fieldEvidence + " and " + f.path + ", which Cluster API reads of a " + f.role
		}
	}
	return "", ""
}

// templateRoles maps a role to the role of its <Kind>Template.
var templateRoles = map[string]string{
	roleInfraCluster: roleInfraClusterTemplate, roleInfraMachine: roleInfraMachineTemplate,
	roleInfraMachinePool: roleInfraPoolTemplate, roleBootstrapConfig: roleBootstrapTemplate,
	roleControlPlane: roleControlPlaneTemplate,
}

// pairTemplates gives a <Kind>Template without a role of its own the Template role
// of <Kind> in the same group (a labelled kind recognised by its fields).
func pairTemplates(crds []crd) {
	roles := map[[2]string]string{}
	for _, c := range crds {
		roles[[2]string{c.group, c.kind}] = c.role
	}
	for i, c := range crds {
		base, ok := strings.CutSuffix(c.kind, "Template")
		if r := templateRoles[roles[[2]string{c.group, base}]]; ok && c.role == "" && r != "" {
			crds[i].role, crds[i].roleWhy = r, "the Template of "+base+", a "+roles[[2]string{c.group, base}]
		}
	}
}

// ContractKindCRDs returns the CRDs of docs whose kinds have a contract role, the
// ones Cluster API resolves references to through their cluster.x-k8s.io/<contract>
// labels; other CRDs (IPAM pools, identities, add-ons) are left out.
func ContractKindCRDs(docs []manifest.Doc) []manifest.Doc {
	var crds []crd
	for _, d := range docs {
		if d.Obj.Kind() == "CustomResourceDefinition" {
			crds = append(crds, newCRD(d))
		}
	}
	pairTemplates(crds)
	var out []manifest.Doc
	for _, c := range crds {
		if c.role != "" {
			out = append(out, c.doc)
		}
	}
	return out
}
