package contract

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// clusterctlScoped is clusterctl's exact list of cluster-scoped kinds
// (util.IsResourceNamespaced); every other kind gets metadata.namespace.
var clusterctlScoped = []string{"Namespace", "Node", "PersistentVolume", "PodSecurityPolicy",
	"CertificateSigningRequest", "ClusterRoleBinding", "ClusterRole", "VolumeAttachment",
	"StorageClass", "CSIDriver", "CSINode", "ValidatingWebhookConfiguration",
	"MutatingWebhookConfiguration", "CustomResourceDefinition", "PriorityClass", "RuntimeClass"}

// wellKnownScoped are cluster-scoped kinds clusterctl misses: it gives them a namespace
// the API server ignores, so we do not demand one.
var wellKnownScoped = []string{"ClusterIssuer", "APIService", "IngressClass", "ExtensionConfig",
	"ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding", "MutatingAdmissionPolicy",
	"MutatingAdmissionPolicyBinding", "FlowSchema", "PriorityLevelConfiguration", "ClusterTrustBundle"}

// clusterScopedKinds adds the kinds of the file's own cluster-scoped CRDs to both lists.
func clusterScopedKinds(crds []crd) map[string]bool {
	out := map[string]bool{}
	for _, k := range append(append([]string{}, clusterctlScoped...), wellKnownScoped...) {
		out[k] = true
	}
	for _, c := range crds {
		if c.scope == "Cluster" && c.kind != "" {
			out[c.kind] = true
		}
	}
	return out
}

// isObject reports whether a document is a Kubernetes object clusterctl processes
// (documents without kind and List documents are passed through unchecked).
func isObject(d manifest.Doc) bool {
	k := d.Obj.Kind()
	return k != "" && k != "List"
}

func checkNamespaceCount(s *scan) lint.Findings {
	nss := namespaces(s.in.Docs)
	var out lint.Findings
	if len(nss) == 0 && !s.in.AllowNoNamespace && len(s.in.Docs) > 0 {
		out = append(out, lint.Finding{Rule: ruleNamespaceCount.ID, Severity: ruleNamespaceCount.Severity,
			File: s.in.File, Line: s.in.Docs[0].Line,
			Message: "the components have no Namespace object, so clusterctl cannot default the target namespace (\"target namespace can't be defaulted. Please specify a target namespace\"); add exactly one Namespace"})
	}
	if len(nss) > 1 {
		var names []string
		for _, d := range nss {
			names = append(names, d.Obj.Name())
		}
		for _, d := range nss[1:] {
			out = append(out, report(ruleNamespaceCount, s.in.File, d, d.LineOf("kind"),
				"Invalid manifest. There should be no more than one resource with Kind Namespace in the provider components yaml (found %s); keep only the target namespace", strings.Join(names, ", ")))
		}
	}
	return out
}

func checkObjectNamespaces(s *scan) lint.Findings {
	if s.target == "" {
		return nil
	}
	var out lint.Findings
	for _, d := range s.in.Docs {
		if !isObject(d) || s.scoped[d.Obj.Kind()] {
			continue
		}
		switch ns := d.Obj.Namespace(); {
		case ns == "":
			out = append(out, report(ruleNamespaceMissing, s.in.File, d, d.LineOf("metadata"),
				"namespaced object without metadata.namespace; set it to the target namespace %q", s.target))
		case ns != s.target:
			out = append(out, report(ruleNamespaceObject, s.in.File, d, d.LineOf("metadata", "namespace"),
				"object is in namespace %q, not in the target namespace %q; move it there (clusterctl moves it anyway, so references to %q break)", ns, s.target, ns))
		}
	}
	return out
}

func checkProviderLabels(s *scan) lint.Findings {
	if s.in.Label == "" {
		return nil
	}
	const key = layout.ProviderLabelKey
	var out lint.Findings
	for _, d := range s.in.Docs {
		v, ok := d.Obj.StringMap("metadata", "labels")[key]
		if isObject(d) && ok && v != s.in.Label {
			out = append(out, report(ruleProviderLabel, s.in.File, d, d.LineOf("metadata", "labels", key),
				"label %s is %q but the provider label is %q; clusterctl overwrites it, so use %q", key, v, s.in.Label, s.in.Label))
		}
	}
	return out
}

// checkSubjects: clusterctl moves every binding subject that has a namespace into
// the target namespace, so a subject elsewhere silently changes meaning.
func checkSubjects(s *scan) lint.Findings {
	var out lint.Findings
	for _, d := range s.in.Docs {
		if k := d.Obj.Kind(); s.target == "" || (k != "RoleBinding" && k != "ClusterRoleBinding") {
			continue
		}
		for _, sub := range items(child(d.Node, "subjects")) {
			if n := child(sub, "namespace"); text(n) != "" && text(n) != s.target {
				out = append(out, report(ruleSubject, s.in.File, d, n.Line,
					"subject %s %q is in namespace %q; clusterctl rewrites it to the target namespace %q, so the binding would grant something else", text(child(sub, "kind")), text(child(sub, "name")), text(n), s.target))
			}
		}
	}
	return out
}
