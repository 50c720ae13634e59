package contract

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// checkExtensionCA: an ExtensionConfig calling a Service needs a CA the runtime
// client can trust; with a url the server may use a public certificate.
func checkExtensionCA(s *scan, d manifest.Doc, cc *yaml.Node) lint.Findings {
	svc := child(cc, "service")
	if text(child(cc, "caBundle")) != "" || svc == nil || len(svc.Content) == 0 {
		return nil
	}
	v, ok := d.Obj.StringMap("metadata", "annotations")[injectCAFromSecret]
	if !ok {
		hint := ""
		if _, cm := d.Obj.StringMap("metadata", "annotations")[injectCA]; cm {
			hint = " (" + injectCA + " does nothing here: cert-manager's cainjector does not handle ExtensionConfig)"
		}
		return lint.Findings{report(ruleExtensionCA, s.in.File, d, lineOr(cc, d.Line),
			"calls a Service over TLS with no caBundle and no %s annotation%s, so cluster-api trusts only the system roots and every call fails; annotate it with %s: <namespace>/<secret of the serving Certificate>", injectCAFromSecret, hint, injectCAFromSecret)}
	}
	line := d.LineOf("metadata", "annotations", injectCAFromSecret)
	ns, name, _ := strings.Cut(v, "/")
	switch {
	case hasVariable(v):
	case strings.Count(v, "/") != 1 || ns == "" || name == "":
		return lint.Findings{report(ruleExtensionCA, s.in.File, d, line,
			"%s is %q; cluster-api needs <namespace>/<secret> (\"must be in the form <namespace>/<name>\")", injectCAFromSecret, v)}
	case s.target != "" && ns != s.target:
		return lint.Findings{report(ruleExtensionCA, s.in.File, d, line,
			"%s reads Secret %q in namespace %q, not in the target namespace %q, and clusterctl does not rewrite it; write %s/%s", injectCAFromSecret, name, ns, s.target, s.target, name)}
	case !certificateSecrets(s.in.Docs)[name]:
		return lint.Findings{report(ruleExtensionCACert, s.in.File, d, line,
			"%s names Secret %q, which no Certificate in the components writes (spec.secretName); ship the serving Certificate or fix the name", injectCAFromSecret, name)}
	}
	return nil
}

// certificateSecrets are the spec.secretName values of the cert-manager Certificates.
func certificateSecrets(docs []manifest.Doc) map[string]bool {
	out := map[string]bool{}
	for _, d := range docs {
		if d.Obj.Kind() == "Certificate" && strings.HasPrefix(d.Obj.Group(), "cert-manager.io") {
			out[d.Obj.String("spec", "secretName")] = true
		}
	}
	return out
}
