package contract

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// serviceDNS splits <svc>.<ns>.svc and <svc>.<ns>.svc.cluster.local; ok is false for
// other names, which clusterctl leaves alone and we do not judge.
func serviceDNS(name string) (svc, ns string, ok bool) {
	p := strings.Split(name, ".")
	switch {
	case len(p) == 3 && p[2] == "svc":
	case len(p) == 5 && p[2] == "svc" && p[3] == "cluster" && p[4] == "local":
	default:
		return "", "", false
	}
	return p[0], p[1], true
}

// checkCertificates: clusterctl rewrites ".<the Certificate's namespace>." in dnsNames
// to the target namespace (cmd/clusterctl/client/repository/components.go
// fixCertificate), so a name in another namespace stays wrong. That breaks a webhook
// (the API server checks the name of the Service it calls) or a server presenting the
// certificate (its Secret mounted): an error; a certificate nothing uses only warns.
func checkCertificates(s *scan) lint.Findings {
	if s.target == "" {
		return nil
	}
	called, mounted := calledServices(s.in.Docs), mountedSecrets(s.in.Docs)
	var out lint.Findings
	for _, d := range s.in.Docs {
		if d.Obj.Kind() != "Certificate" || !strings.HasPrefix(d.Obj.Group(), "cert-manager.io") {
			continue
		}
		for _, n := range items(at(d.Node, "spec", "dnsNames")) {
			svc, ns, ok := serviceDNS(text(n))
			if ns == d.Obj.Namespace() {
				ns = s.target // clusterctl rewrites the Certificate's own namespace
			}
			used := called[svc] || mounted[d.Obj.String("spec", "secretName")]
			switch {
			case !ok:
			case ns == s.target && d.Obj.Namespace() != s.target && used:
				out = append(out, report(ruleCertDNS, s.in.File, d, n.Line,
					"dnsName %q names the components' namespace %q, but the Certificate is in namespace %q: clusterctl rewrites only \".%s.\" in dnsNames (fixCertificate), so with clusterctl init --target-namespace the Service moves and the name keeps %q, and %s; put the Certificate in namespace %s", text(n), s.target, d.Obj.Namespace(), d.Obj.Namespace(), s.target, usedBy(called[svc], d), s.target))
			case ns != s.target && used:
				out = append(out, report(ruleCertDNS, s.in.File, d, n.Line,
					"dnsName %q names namespace %q, not the target namespace %q, and %s; write %s.%s.svc", text(n), ns, s.target, usedBy(called[svc], d), svc, s.target))
			case ns != s.target:
				out = append(out, report(ruleCertDNSUnused, s.in.File, d, n.Line,
					"dnsName %q names namespace %q, not the target namespace %q; nothing in the components calls Service %q or mounts Secret %q, so clusterctl installs it and nothing fails, but write %s.%s.svc (or drop the Certificate)", text(n), ns, s.target, svc, d.Obj.String("spec", "secretName"), svc, s.target))
			case svc != "*" && !s.services[svc]:
				out = append(out, report(ruleCertService, s.in.File, d, n.Line,
					"dnsName %q names Service %q, which the components do not contain; fix the name or ship the Service", text(n), svc))
			}
		}
	}
	return out
}

func usedBy(called bool, d manifest.Doc) string {
	if called {
		return "a webhook calls that Service, so the API server rejects the certificate (TLS name mismatch) and every call fails"
	}
	return "a Deployment mounts its Secret " + d.Obj.String("spec", "secretName") + " to serve TLS under a name that does not match"
}

// calledServices are the Services webhooks, conversion webhooks, APIServices and
// ExtensionConfigs of the file call.
func calledServices(docs []manifest.Doc) map[string]bool {
	out := map[string]bool{}
	add := func(svc *yaml.Node) {
		if name := text(child(svc, "name")); name != "" {
			out[name] = true
		}
	}
	for _, d := range docs {
		switch d.Obj.Kind() {
		case "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration":
			for _, w := range items(child(d.Node, "webhooks")) {
				add(at(w, "clientConfig", "service"))
			}
		case "CustomResourceDefinition":
			add(at(d.Node, "spec", "conversion", "webhook", "clientConfig", "service"))
			add(at(d.Node, "spec", "conversion", "webhookClientConfig", "service"))
		case "APIService":
			add(at(d.Node, "spec", "service"))
		case "ExtensionConfig":
			add(at(d.Node, "spec", "clientConfig", "service"))
		}
	}
	return out
}

// mountedSecrets are the Secrets the pods of Deployments and DaemonSets mount as
// volumes (secret and projected sources).
func mountedSecrets(docs []manifest.Doc) map[string]bool {
	out := map[string]bool{}
	for _, d := range docs {
		for _, v := range items(child(podSpec(d), "volumes")) {
			out[text(at(v, "secret", "secretName"))] = true
			for _, src := range items(at(v, "projected", "sources")) {
				out[text(at(src, "secret", "name"))] = true
			}
		}
	}
	delete(out, "")
	return out
}
