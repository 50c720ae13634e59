package upgradefix

import (
	"fmt"
	"strings"
)

// yaml writes the CRD as controller-gen and kustomize write one.
func (c CRD) yaml() string {
	lower := strings.ToLower(c.Kind)
	var b strings.Builder
	b.WriteString("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  annotations:\n")
	if c.Webhook {
		b.WriteString("    cert-manager.io/inject-ca-from: acme-system/acme-serving-cert\n")
	}
	b.WriteString("    controller-gen.kubebuilder.io/version: v0.16.5\n  labels:\n")
	if c.Contract != "" {
		b.WriteString("    cluster.x-k8s.io/v1beta1: " + c.Contract + "\n")
	}
	fmt.Fprintf(&b, "    cluster.x-k8s.io/provider: infrastructure-acme\n  name: %ss.infrastructure.cluster.x-k8s.io\nspec:\n", lower)
	if c.Webhook {
		b.WriteString(webhook)
	}
	fmt.Fprintf(&b, "  group: infrastructure.cluster.x-k8s.io\n  names:\n    categories:\n    - cluster-api\n    kind: %s\n    listKind: %sList\n    plural: %ss\n    singular: %s\n  scope: Namespaced\n  versions:\n",
		c.Kind, c.Kind, lower, lower)
	for _, v := range c.Versions {
		b.WriteString(v.yaml(c.Kind))
	}
	return b.String()
}

const webhook = `  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          name: acme-webhook-service
          namespace: acme-system
          path: /convert
      conversionReviewVersions:
      - v1
`

func (v Version) yaml(kind string) string {
	return fmt.Sprintf(`  - name: %s
    schema:
      openAPIV3Schema:
        description: %s is the Schema for the %ss API.
        properties:
          apiVersion:
            type: string
          kind:
            type: string
          metadata:
            type: object
          spec:
%s          status:
            properties:
              ready:
                type: boolean
            type: object
        type: object
    served: %t
    storage: %t
    subresources:
      status: {}
`, v.Name, kind, strings.ToLower(kind), spec(kind, v.Fields), v.Served, v.Storage)
}

// spec is the spec schema of a kind, as its contract wants it, with extra string
// fields, at the indentation of openAPIV3Schema.properties.spec's value.
func spec(kind string, extra []string) string {
	var fields strings.Builder
	for _, f := range append([]string{"region"}, extra...) {
		fmt.Fprintf(&fields, "%s:\n  description: %s of the %s.\n  type: string\n", f, strings.ToUpper(f[:1])+f[1:], kind)
	}
	props := fields.String()
	switch kind {
	case "AcmeCluster":
		props += "controlPlaneEndpoint:\n  properties:\n    host:\n      type: string\n    port:\n      format: int32\n      type: integer\n  required:\n  - host\n  - port\n  type: object\n"
	case "AcmeMachine":
		props += "providerID:\n  type: string\n"
	case "AcmeMachineTemplate":
		inner := indent(props+"providerID:\n  type: string\n", "        ")
		props = "template:\n  properties:\n    spec:\n      properties:\n" + inner + "      type: object\n  required:\n  - spec\n  type: object\n"
	}
	return indent("properties:\n"+indent(props, "  ")+"type: object\n", "            ")
}

func indent(s, ind string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = ind + l
		}
	}
	return strings.Join(lines, "")
}
