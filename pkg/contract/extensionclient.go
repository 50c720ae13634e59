package contract

import (
	"net/url"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// The ExtensionConfig rules. cluster-api v1.14 rejects at admission what
// validateExtensionConfigSpec (core/webhooks/admission/extensionconfig.go,
// failurePolicy=fail on create and update) rejects, so clusterctl init fails
// applying it; the ExtensionConfig reconciler (core/reconcilers/extensionconfig)
// then calls the server at https://<service>.<namespace>.svc:<port> with only the
// caBundle as trusted CA (internal/runtime/client/client.go urlForExtension,
// createHTTPClient), so a port no Service serves or a missing CA fails every
// discovery and hook call.
var (
	ruleExtensionClient = clusterctlRule("runtime-extension-client-config", lint.Error, "ExtensionConfig spec.clientConfig: \"Exactly one of url or service must be specified\"; url is https; service port \"should be a valid port number (1-65535, inclusive)\" (Runtime SDK proposal: registering Runtime Extensions). cluster-api's admission webhook rejects anything else, so clusterctl init fails (core/webhooks/admission/extensionconfig.go validateExtensionConfigSpec).")
	ruleExtensionPort   = rule("runtime-extension-port", lint.Error, "\"port on the service that hosts the RuntimeExtension. Default to 443\" (Runtime SDK proposal: registering Runtime Extensions): the port (443 when unset) must be a port of the shipped Service, or every call of cluster-api's runtime client to <service>.<namespace>.svc:<port> fails (internal/runtime/client/client.go urlForExtension).")
	ruleExtensionCA     = rule("runtime-extension-ca", lint.Error, "Runtime Extensions are protected by \"a cert-manager generated Certificate\" (Runtime SDK proposal: deploy Runtime Extensions): an ExtensionConfig calling a Service needs spec.clientConfig.caBundle or the runtime.cluster.x-k8s.io/inject-ca-from-secret: <target namespace>/<secret> annotation (cert-manager's cainjector does not handle ExtensionConfig); otherwise cluster-api's runtime client trusts only the system roots and TLS to the extension fails (internal/runtime/client/client.go createHTTPClient; core/reconcilers/extensionconfig reconcileCABundle, validateExtensionConfig \"caBundle is not set\"). clusterctl does not rewrite the annotation's namespace.")
	ruleExtensionCACert = rule("runtime-extension-ca-certificate", lint.Warning, "\"The clusterctl command requires that both the components YAML and the cluster templates contain all the required objects\" (clusterctl contract 7.3): the Secret of runtime.cluster.x-k8s.io/inject-ca-from-secret should be the secretName of a Certificate shipped in the components; otherwise the ExtensionConfig reconciler fails reading it until someone creates it.")
)

const injectCAFromSecret = "runtime.cluster.x-k8s.io/inject-ca-from-secret"

// checkExtensionClients checks each ExtensionConfig's client config.
func checkExtensionClients(s *scan) lint.Findings {
	var out lint.Findings
	var ports map[string][]string
	for _, d := range s.in.Docs {
		if d.Obj.Kind() != "ExtensionConfig" || !strings.HasPrefix(d.Obj.Group(), "runtime.cluster.x-k8s.io") {
			continue
		}
		if ports == nil {
			ports = servicePorts(s.in.Docs)
		}
		cc := at(d.Node, "spec", "clientConfig")
		out = append(out, checkClientTarget(s, d, cc, ports)...)
		out = append(out, checkExtensionCA(s, d, cc)...)
	}
	return out
}

func checkClientTarget(s *scan, d manifest.Doc, cc *yaml.Node, ports map[string][]string) lint.Findings {
	u, svc := child(cc, "url"), child(cc, "service")
	hasSvc := svc != nil && len(svc.Content) > 0
	switch {
	case text(u) != "" && hasSvc:
		return lint.Findings{report(ruleExtensionClient, s.in.File, d, u.Line, "spec.clientConfig sets both url and service; cluster-api rejects it (\"only one of url or service can be defined\"): keep service for an extension running in the cluster")}
	case text(u) == "" && !hasSvc:
		return lint.Findings{report(ruleExtensionClient, s.in.File, d, lineOr(cc, d.LineOf("spec")), "spec.clientConfig sets neither url nor service; cluster-api rejects it (\"either url or service must be defined\"): name the extension's Service")}
	case text(u) != "":
		if p, err := url.ParseRequestURI(text(u)); !hasVariable(text(u)) && (err != nil || p.Scheme != "https") {
			return lint.Findings{report(ruleExtensionClient, s.in.File, d, u.Line, "url %q is not an https URL; cluster-api rejects it (\"'https' is the only allowed URL scheme\")", text(u))}
		}
		return nil
	}
	return checkServicePort(s, d, svc, ports)
}

func checkServicePort(s *scan, d manifest.Doc, svc *yaml.Node, ports map[string][]string) lint.Findings {
	n := child(svc, "port")
	port := orDefault(text(n), "443")
	if hasVariable(port) {
		return nil
	}
	if p, err := strconv.Atoi(port); err != nil || p < 1 || p > 65535 {
		return lint.Findings{report(ruleExtensionClient, s.in.File, d, lineOr(n, svc.Line), "service port %q is not a port number (1-65535); cluster-api rejects it", port)}
	}
	name := text(child(svc, "name"))
	if have, shipped := ports[name]; shipped && !containsPort(have, port) {
		return lint.Findings{report(ruleExtensionPort, s.in.File, d, lineOr(n, svc.Line),
			"calls Service %q on port %s, but the Service serves %s; every discovery and hook call fails: use one of the Service's ports", name, port, strings.Join(have, ", "))}
	}
	return nil
}

func containsPort(ports []string, p string) bool {
	for _, q := range ports {
		if q == p || hasVariable(q) {
			return true
		}
	}
	return false
}

// servicePorts maps each Service name to its spec.ports[].port values.
func servicePorts(docs []manifest.Doc) map[string][]string {
	out := map[string][]string{}
	for _, d := range docs {
		if d.Obj.Kind() == "Service" && d.Obj.Group() == "" {
			var ps []string
			for _, p := range items(at(d.Node, "spec", "ports")) {
				ps = append(ps, text(child(p, "port")))
			}
			out[d.Obj.Name()] = ps
		}
	}
	return out
}
