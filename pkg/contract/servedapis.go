package contract

import (
	"slices"

	yaml "go.yaml.in/yaml/v3"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/manifest"
)

var (
	ruleWebhookV1beta1 = clusterctlRule("webhook-v1beta1", lint.Error, "admissionregistration.k8s.io/v1beta1 webhook configurations are no longer served since Kubernetes 1.22 (the API was removed), so clusterctl init fails creating them: `no matches for kind \"ValidatingWebhookConfiguration\" in version \"admissionregistration.k8s.io/v1beta1\"` (controller-runtime's RESTMapper, meta.NoKindMatchError, from cmd/clusterctl/client/cluster/components.go createObj).")
	ruleWebhookPort    = rule("webhook-service-port", lint.Error, "A webhook or conversion webhook must call a port its Service exposes (service.port, 443 when unset). kube-apiserver resolves it on every call (k8s.io/apiserver/pkg/util/proxy ResolveEndpoint: `no service port 9443 found for service \"…\"`), so every write the webhook matches fails (failurePolicy Fail, the v1 default), and a conversion webhook fails every read of another stored version.")
	ruleContainerDup   = rule("components-container-name-duplicate", lint.Error, "Container names must be unique within a pod (containers and init containers together): the API server refuses the Deployment or DaemonSet (k8s.io/kubernetes/pkg/apis/core/validation validateContainers / validateInitContainers: `Duplicate value: \"manager\"`), so clusterctl init fails.")
)

// checkWebhookV1beta1 reports webhook configurations in the removed v1beta1 API.
func checkWebhookV1beta1(s *scan) lint.Findings {
	var out lint.Findings
	for _, d := range s.in.Docs {
		if isWebhookConfig(d) && d.Obj.APIVersion() == "admissionregistration.k8s.io/v1beta1" {
			out = append(out, report(ruleWebhookV1beta1, s.in.File, d, d.LineOf("apiVersion"),
				"admissionregistration.k8s.io/v1beta1 is not served since Kubernetes 1.22: clusterctl init fails with \"no matches for kind\"; use admissionregistration.k8s.io/v1"))
		}
	}
	return out
}

// checkWebhookPorts: every webhook and conversion webhook port is one its shipped
// Service exposes.
func checkWebhookPorts(s *scan) lint.Findings {
	ports := servicePorts(s.in.Docs)
	var out lint.Findings
	for _, d := range s.in.Docs {
		if isWebhookConfig(d) {
			for _, w := range items(child(d.Node, "webhooks")) {
				out = append(out, checkPort(s, d, at(w, "clientConfig", "service"), ports)...)
			}
		}
	}
	for _, c := range s.crds {
		out = append(out, checkPort(s, c.doc, conversionService(c.doc.Node), ports)...)
	}
	return out
}

func checkPort(s *scan, d manifest.Doc, svc *yaml.Node, ports map[string][]string) lint.Findings {
	name := text(child(svc, "name"))
	have, ok := ports[name]
	if svc == nil || !ok {
		return nil // no Service reference, or webhook-service-missing says it is not shipped
	}
	port, portNode := "443", child(svc, "port")
	if portNode != nil {
		port = text(portNode)
	}
	if len(have) == 0 || slices.Contains(have, port) || hasVariable(port) { // a Service without ports is refused on its own
		return nil
	}
	return lint.Findings{report(ruleWebhookPort, s.in.File, d, lineOr(portNode, lineOr(child(svc, "name"), svc.Line)),
		"calls port %s of Service %q, which exposes %v: kube-apiserver fails every call (\"no service port %s found\"); call one of its ports or add it", port, name, have, port)}
}

// checkContainerNames reports a container name used twice in one pod template.
func checkContainerNames(s *scan) lint.Findings {
	var out lint.Findings
	for _, d := range s.in.Docs {
		spec := podSpec(d)
		seen := map[string]int{}
		for _, list := range []string{"initContainers", "containers"} {
			for _, c := range items(child(spec, list)) {
				n := child(c, "name")
				if first, dup := seen[text(n)]; dup {
					out = append(out, report(ruleContainerDup, s.in.File, d, lineOr(n, c.Line),
						"container name %q is already used at line %d: the API server refuses the pod template (Duplicate value); rename one", text(n), first))
					continue
				}
				seen[text(n)] = lineOr(n, c.Line)
			}
		}
	}
	return out
}
