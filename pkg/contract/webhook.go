package contract

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

const injectCA = "cert-manager.io/inject-ca-from"

func isWebhookConfig(d manifest.Doc) bool {
	k := d.Obj.Kind()
	return k == "MutatingWebhookConfiguration" || k == "ValidatingWebhookConfiguration"
}

// checkWebhooks covers webhook configurations: apiVersion, the CA annotation (also on
// CRDs, the third kind clusterctl patches) and the Services they call.
func checkWebhooks(s *scan) lint.Findings {
	var out lint.Findings
	for _, d := range s.in.Docs {
		if d.Obj.Kind() == "CustomResourceDefinition" {
			out = append(out, checkInjectCA(s, d)...)
		}
		if !isWebhookConfig(d) {
			continue
		}
		if av := d.Obj.APIVersion(); av != "admissionregistration.k8s.io/v1" && av != "admissionregistration.k8s.io/v1beta1" {
			out = append(out, report(ruleWebhookVersion, s.in.File, d, d.LineOf("apiVersion"),
				"apiVersion %q cannot be patched by clusterctl (\"failed to patch %s %s\"); use admissionregistration.k8s.io/v1", av, d.Obj.Version(), d.Obj.Kind()))
		}
		out = append(out, checkInjectCA(s, d)...)
		for _, w := range items(child(d.Node, "webhooks")) {
			out = append(out, checkServiceRef(s, d, at(w, "clientConfig", "service"), ruleWebhookService)...)
		}
	}
	return out
}

func checkInjectCA(s *scan, d manifest.Doc) lint.Findings {
	v, ok := d.Obj.StringMap("metadata", "annotations")[injectCA]
	if !ok {
		return nil
	}
	line := d.LineOf("metadata", "annotations", injectCA)
	ns, name, _ := strings.Cut(v, "/")
	if strings.Count(v, "/") != 1 || ns == "" || name == "" {
		return lint.Findings{report(ruleInjectCA, s.in.File, d, line,
			"%s is %q; clusterctl needs <namespace>/<certificate> (\"does not have a correct value for %s\")", injectCA, v, injectCA)}
	}
	if !s.certs[name] {
		return lint.Findings{report(ruleInjectCATarget, s.in.File, d, line,
			"%s names Certificate %q, which the components do not contain; ship it or fix the name", injectCA, name)}
	}
	return nil
}

// checkConversion covers CRD conversion webhooks (v1 and v1beta1 layouts).
func checkConversion(s *scan) lint.Findings {
	var out lint.Findings
	for _, c := range s.crds {
		out = append(out, checkServiceRef(s, c.doc, conversionService(c.doc.Node), ruleWebhookService)...)
	}
	return out
}

// conversionService is a CRD's conversion webhook Service reference (v1's
// webhook.clientConfig or v1beta1's webhookClientConfig), nil if none.
func conversionService(crd *yaml.Node) *yaml.Node {
	conv := at(crd, "spec", "conversion")
	if svc := at(conv, "webhook", "clientConfig", "service"); svc != nil {
		return svc
	}
	return at(conv, "webhookClientConfig", "service")
}

// checkServiceRef checks a {namespace, name} Service reference: the namespace must be
// the target namespace (r) and the Service should be in the file.
func checkServiceRef(s *scan, d manifest.Doc, svc *yaml.Node, r lint.Rule) lint.Findings {
	if svc == nil || s.target == "" {
		return nil
	}
	nsNode, nameNode := child(svc, "namespace"), child(svc, "name")
	ns, name := text(nsNode), text(nameNode)
	var out lint.Findings
	if ns != s.target {
		out = append(out, report(r, s.in.File, d, lineOr(nsNode, svc.Line),
			"calls Service %q in namespace %q, not in the target namespace %q; set namespace: %s", name, ns, s.target, s.target))
	}
	if name != "" && !s.services[name] {
		out = append(out, report(ruleWebhookMissing, s.in.File, d, lineOr(nameNode, svc.Line),
			"calls Service %q, which the components do not contain; ship it or fix the name", name))
	}
	return out
}

// checkExtensionConfigs: ExtensionConfig service references are not rewritten.
func checkExtensionConfigs(s *scan) lint.Findings {
	var out lint.Findings
	for _, d := range s.in.Docs {
		if d.Obj.Kind() == "ExtensionConfig" && strings.HasPrefix(d.Obj.Group(), "runtime.cluster.x-k8s.io") {
			out = append(out, checkServiceRef(s, d, at(d.Node, "spec", "clientConfig", "service"), ruleRuntimeService)...)
		}
	}
	return out
}

// checkAPIServices: APIService spec.service.namespace is not rewritten either.
func checkAPIServices(s *scan) lint.Findings {
	var out lint.Findings
	for _, d := range s.in.Docs {
		if d.Obj.Kind() != "APIService" || s.target == "" {
			continue
		}
		n := at(d.Node, "spec", "service", "namespace")
		if n != nil && text(n) != s.target {
			out = append(out, report(ruleAPIService, s.in.File, d, n.Line,
				"spec.service.namespace is %q; clusterctl does not rewrite it, so set it to the target namespace %q", text(n), s.target))
		}
	}
	return out
}
