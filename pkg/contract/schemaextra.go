package contract

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

var (
	ruleCPMachineTemplate          = rule("contract-control-plane-machine-template", lint.Error, "A ControlPlane with a ControlPlaneTemplate (ClusterClass support) whose spec.machineTemplate has fields MUST carry the infrastructure reference: v1beta1 spec.machineTemplate.infrastructureRef {apiVersion, kind, name}, v1beta2 spec.machineTemplate.spec.infrastructureRef {apiGroup, kind, name}; the topology reconciler of a ClusterClass with machineInfrastructure reads and writes it and fails without it (internal/contract/controlplane.go InfrastructureV1Beta1Ref, InfrastructureRef; core/reconcilers/topology/cluster/current_state.go getCurrentControlPlaneState; exp/topology/desiredstate/desired_state.go computeControlPlane).")
	ruleCPMachineTemplateClassless = rule("contract-control-plane-machine-template-classless", lint.Warning, "contract-control-plane-machine-template for a ControlPlane without a ControlPlaneTemplate: only the topology reconciler reads the infrastructure reference (core/reconcilers/topology/cluster/current_state.go, for a ClusterClass with machineInfrastructure), and no ClusterClass can use a control plane without a template, so the MUST is not read today (clusterctl describe ignores its absence: cmd/clusterctl/client/tree/discovery.go addControlPlane).")
	ruleListKind                   = rule("contract-list-kind", lint.Warning, "For each contract resource and its Template the list resource MUST be named <Kind>List (contracts: resource definition); a warning: Cluster API lists them as <Kind>List (core/reconcilers/machinepool/machinepool_controller_phases.go infraMachineList.SetKind, machineset/machineset_controller.go objList.SetKind), and controller-runtime's unstructured client maps the request by the kind without its List suffix, so the API server lists them under whatever listKind the CRD names.")
	ruleStatusSubresource          = rule("contract-status-subresource", lint.Warning, "Contract resources are shown with +kubebuilder:subresource:status (contracts: resource definition); a warning: Cluster API only reads their status (internal/contract/infrastructure_machine.go Provisioned and the other accessors), and without the subresource status is written together with spec.")
	ruleScaleSubresource           = rule("contract-scale-subresource", lint.Warning, "A ControlPlane with spec.replicas MUST have the scale subresource with specReplicasPath .spec.replicas, statusReplicasPath .status.replicas and labelSelectorPath .status.selector (control-plane contract: replicas); a warning: Cluster API's controllers do not call it (internal/contract/controlplane.go Selector has no caller), kubectl scale and autoscalers do.")
	ruleTemplateSpec               = rule("contract-template-spec", lint.Error, "A <Kind>Template MUST have spec.template.spec (contracts: <Kind>Template resource definition); Cluster API creates objects from spec.template (controllers/external/util.go GenerateTemplate, for MachineSets and the topology reconciler), so a spec the schema prunes is lost and objects are created without it.")
	ruleTemplateVersion            = rule("contract-template-version", lint.Error, "Objects created from a <Kind>Template get the Template's apiVersion and the Kind without Template (controllers/external/util.go GenerateTemplate), so <Kind> MUST serve the version the Template's contract label resolves to, or creating every object from it fails.")
	ruleTemplateMetadata           = rule("contract-template-metadata", lint.Warning, "A <Kind>Template's spec.template is a <Kind>TemplateResource holding ObjectMeta clusterv1.ObjectMeta `json:\"metadata,omitempty\"` and its spec (contracts: <Kind>Template resource definition); Cluster API copies spec.template, labels and annotations included, onto every object it creates from the Template (controllers/external/util.go GenerateTemplate; the topology reconciler writes them there too: core/reconcilers/topology/cluster/patches/engine.go), and the API server prunes fields a structural schema lacks, so without spec.template.metadata in the schema the labels and annotations never reach the machines; a warning: nothing fails. ControlPlaneTemplates: contract-control-plane-topology-fields.")
	ruleAmbiguousLabel             = rule("contract-label-ambiguous", lint.Warning, "One API version listed under two cluster.x-k8s.io/<contract> labels makes the contract of that version depend on map order (internal/contract/version.go GetContractVersionForVersion walks the labels as a map; the topology reconciler and clusterctl describe use it for ControlPlane kinds); a warning: it works whenever both contracts' paths exist.")
)

// checkKinds runs the rules on a contract kind's definition beyond its fields.
func checkKinds(s *scan) lint.Findings {
	var out lint.Findings
	for _, c := range s.crds {
		if c.role == "" {
			continue
		}
		out = append(out, checkListKind(s, c)...)
		out = append(out, checkAmbiguous(s, c)...)
		for _, t := range targets(c, s.in.Contract) {
			sv := c.servedVersion(t.version)
			if sv.schema == nil {
				continue // contract-schema-unknown notes it
			}
			if strings.HasSuffix(c.role, "Template") {
				out = append(out, checkTemplate(s, c, t, sv)...)
				out = append(out, checkTemplateMetadata(s, c, t, sv)...)
				continue
			}
			out = append(out, checkSubresources(s, c, t, sv)...)
		}
	}
	return out
}

func checkListKind(s *scan, c crd) lint.Findings {
	lk := c.doc.Obj.String("spec", "names", "listKind")
	if lk == "" || lk == c.kind+"List" {
		return nil
	}
	return lint.Findings{report(ruleListKind, s.in.File, c.doc, c.doc.LineOf("spec", "names", "listKind"),
		"%s kind %s has listKind %q; name it %sList (kubebuilder names the list type <Kind>List: type %sList struct)", c.role, c.kind, lk, c.kind, c.kind)}
}

func checkSubresources(s *scan, c crd, t target, sv served) lint.Findings {
	var out lint.Findings
	if _, ok := sv.subresources["status"]; !ok {
		out = append(out, schemaFinding(s, c, t, ruleStatusSubresource, sv.line(c, "status"), "the status subresource is missing", "add +kubebuilder:subresource:status"))
	}
	if c.role != "ControlPlane" {
		return out
	}
	if n, st := sv.field("spec.replicas"); st != present || typeOf(n) == "object" {
		return out
	}
	scale, _ := sv.subresources["scale"].(map[string]any)
	wantScale := map[string]string{"specReplicasPath": ".spec.replicas", "statusReplicasPath": ".status.replicas", "labelSelectorPath": ".status.selector"}
	var bad []string
	for _, k := range sortedKeys(wantScale) {
		if got, _ := scale[k].(string); got != wantScale[k] {
			bad = append(bad, fmt.Sprintf("%s %q, want %s", k, got, wantScale[k]))
		}
	}
	if len(bad) > 0 {
		out = append(out, schemaFinding(s, c, t, ruleScaleSubresource, sv.line(c, "spec.replicas"), "spec.replicas exists but the scale subresource is wrong or missing ("+strings.Join(bad, ", ")+")",
			"add +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector"))
	}
	return out
}

func checkTemplate(s *scan, c crd, t target, sv served) lint.Findings {
	var out lint.Findings
	if n, st := sv.field("spec.template.spec"); st == missing {
		out = append(out, schemaFinding(s, c, t, ruleTemplateSpec, sv.line(c, "spec.template.spec"), "spec.template.spec is missing; Cluster API creates objects from spec.template, so they would be created without a spec", "add Template <Kind>TemplateResource `json:\"template\"` holding Spec <Kind>Spec `json:\"spec\"`"))
	} else if st == present && typeOf(n) != "" && typeOf(n) != "object" {
		out = append(out, schemaFinding(s, c, t, ruleTemplateSpec, sv.line(c, "spec.template.spec"), "spec.template.spec is "+typeOf(n)+", want object", ""))
	}
	base := strings.TrimSuffix(c.kind, "Template")
	for _, o := range s.crds {
		if o.group == c.group && o.kind == base && !o.versions[t.version] {
			out = append(out, schemaFinding(s, c, t, ruleTemplateVersion, t.line, fmt.Sprintf("objects created from it are %s/%s %s, but the %s CRD does not serve %s (versions: %s)", c.group, t.version, base, base, t.version, versionList(o)),
				fmt.Sprintf("serve %s in %s or list a version both serve under cluster.x-k8s.io/%s", t.version, base, t.contract)))
		}
	}
	return out
}

// checkTemplateMetadata: a Template whose schema has spec.template but not its
// metadata (ControlPlaneTemplates under v1beta2 are topology.go's).
func checkTemplateMetadata(s *scan, c crd, t target, sv served) lint.Findings {
	if c.role == roleControlPlaneTemplate && t.contract == layout.ContractV1beta2 {
		return nil
	}
	if n, st := sv.field("spec.template"); st != present || len(properties(n)) == 0 {
		return nil // no template or an open one: contract-template-spec and -schema-unknown
	}
	if _, st := sv.field("spec.template.metadata"); st != missing {
		return nil
	}
	return lint.Findings{schemaFinding(s, c, t, ruleTemplateMetadata, sv.line(c, "spec.template.metadata"),
		"spec.template.metadata is missing: Cluster API copies the labels and annotations set there onto every "+strings.TrimSuffix(c.kind, "Template")+" it creates (GenerateTemplate), and the API server prunes them", "add ObjectMeta clusterv1.ObjectMeta `json:\"metadata,omitempty\"` to the <Kind>TemplateResource")}
}

// checkAmbiguous: an API version under two contract labels, on the ControlPlane kinds
// whose contract Cluster API looks up by version (the topology reconciler and
// clusterctl describe call GetContractVersionForVersion only for control planes).
func checkAmbiguous(s *scan, c crd) lint.Findings {
	if c.role != "ControlPlane" {
		return nil
	}
	seen := map[string]string{}
	var dup []string
	line := 0
	for _, l := range contractLabels(c) {
		for _, v := range strings.Split(l[1], "_") {
			if prev, ok := seen[v]; ok && prev != l[0] {
				dup = append(dup, fmt.Sprintf("%s under %s and %s", v, prev, l[0]))
				line = firstLine(line, c.doc.LineOf("metadata", "labels", l[0]))
			}
			seen[v] = l[0]
		}
	}
	if len(dup) == 0 {
		return nil
	}
	return lint.Findings{report(ruleAmbiguousLabel, s.in.File, c.doc, line,
		"%s: the contract Cluster API assigns to such a version depends on map order, and the topology reconciler then reads v1beta1 or v1beta2 paths; list each version under one contract label", strings.Join(dup, ", "))}
}
