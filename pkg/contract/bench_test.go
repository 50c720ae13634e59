package contract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// largeComponents builds a components file of n CRDs (with conversion webhooks and a
// deep schema of about 90 KB each) plus the usual controller objects.
func largeComponents(n int) []byte {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: capfoo-system\n")
	for i := range n {
		kind := fmt.Sprintf("Foo%dMachine", i)
		plural := strings.ToLower(kind) + "s"
		fmt.Fprintf(&b, "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  annotations:\n    cert-manager.io/inject-ca-from: capfoo-system/capfoo-serving-cert\n  labels:\n    cluster.x-k8s.io/v1beta1: v1beta1\n  name: %s.infrastructure.cluster.x-k8s.io\n", plural)
		fmt.Fprintf(&b, "spec:\n  conversion:\n    strategy: Webhook\n    webhook:\n      clientConfig:\n        service:\n          name: capfoo-webhook-service\n          namespace: capfoo-system\n      conversionReviewVersions: [v1]\n")
		fmt.Fprintf(&b, "  group: infrastructure.cluster.x-k8s.io\n  names:\n    kind: %s\n    plural: %s\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n", kind, plural)
		writeMachineSchema(&b)
		fmt.Fprintf(&b, "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  labels:\n    cluster.x-k8s.io/v1beta1: v1beta1\n  name: %stemplates.infrastructure.cluster.x-k8s.io\nspec:\n  group: infrastructure.cluster.x-k8s.io\n  names:\n    kind: %sTemplate\n    plural: %stemplates\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n    served: true\n    storage: true\n", strings.ToLower(kind), kind, strings.ToLower(kind))
	}
	b.WriteString("---\napiVersion: v1\nkind: Service\nmetadata:\n  name: capfoo-webhook-service\n  namespace: capfoo-system\n")
	b.WriteString("---\napiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata:\n  name: capfoo-serving-cert\n  namespace: capfoo-system\nspec:\n  dnsNames:\n  - capfoo-webhook-service.capfoo-system.svc\n")
	b.WriteString("---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: capfoo-controller-manager\n  namespace: capfoo-system\nspec:\n  template:\n    spec:\n      serviceAccountName: capfoo-manager\n      containers:\n      - name: manager\n        image: registry.k8s.io/capfoo/manager:v1.0.0\n")
	writeManagerRBAC(&b, n)
	return []byte(b.String())
}

// writeManagerRBAC writes the manager's service account, its ClusterRole naming
// every kind and its status (as kubebuilder's markers generate it) and the binding.
func writeManagerRBAC(b *strings.Builder, n int) {
	b.WriteString("---\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: capfoo-manager\n  namespace: capfoo-system\n")
	b.WriteString("---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: capfoo-manager-role\nrules:\n")
	for _, sub := range []string{"", "/status"} {
		b.WriteString("- apiGroups:\n  - infrastructure.cluster.x-k8s.io\n  resources:\n")
		for i := range n {
			fmt.Fprintf(b, "  - foo%dmachines%s\n", i, sub)
		}
		b.WriteString("  verbs:\n  - get\n  - list\n  - watch\n  - update\n  - patch\n")
	}
	b.WriteString("---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: capfoo-manager-rolebinding\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: capfoo-manager-role\nsubjects:\n- kind: ServiceAccount\n  name: capfoo-manager\n  namespace: capfoo-system\n")
}

// writeMachineSchema writes an InfraMachine schema that keeps the contract (spec.providerID,
// status.ready) around a deep generated spec, and the status subresource.
func writeMachineSchema(b *strings.Builder) {
	b.WriteString("        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              providerID:\n                type: string\n              generated:\n")
	writeSchema(b, 16, 4, 3)
	b.WriteString("          status:\n            type: object\n            properties:\n              ready:\n                type: boolean\n    subresources:\n      status: {}\n")
}

// writeSchema writes a nested object schema: width properties per level, depth levels.
func writeSchema(b *strings.Builder, indent, width, depth int) {
	pad := strings.Repeat(" ", indent)
	fmt.Fprintf(b, "%stype: object\n%sdescription: generated test schema with a description long enough to look like controller-gen output\n%sproperties:\n", pad, pad, pad)
	for i := range width {
		fmt.Fprintf(b, "%s  field%d:\n", pad, i)
		if depth == 0 {
			fmt.Fprintf(b, "%s    type: string\n%s    description: leaf field %d of the generated schema, documented at length like real API fields are\n", pad, pad, i)
			continue
		}
		writeSchema(b, indent+4, width, depth-1)
	}
}

func BenchmarkComponents(b *testing.B) {
	data := largeComponents(40)
	docs, err := manifest.Split(data)
	if err != nil {
		b.Fatal(err)
	}
	in := Input{File: "infrastructure-components.yaml", Docs: docs, Type: layout.InfrastructureProvider}
	if fs := Components(in); len(fs) > 0 {
		b.Fatalf("generated file has findings: %v", fs)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		Components(in)
	}
}

func BenchmarkSplitAndComponents(b *testing.B) {
	data := largeComponents(40)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		docs, err := manifest.Split(data)
		if err != nil {
			b.Fatal(err)
		}
		Components(Input{File: "c.yaml", Docs: docs, Type: layout.InfrastructureProvider})
	}
}

// TestLargeComponentsHaveNoFindings keeps the benchmarks' input clean, so that
// `make bench` measures a release that passes (make test runs no benchmark).
func TestLargeComponentsHaveNoFindings(t *testing.T) {
	docs, err := manifest.Split(largeComponents(2))
	if err != nil {
		t.Fatal(err)
	}
	if fs := Components(Input{File: "c.yaml", Docs: docs, Type: layout.InfrastructureProvider}); len(fs) > 0 {
		t.Fatalf("generated file has findings: %v", fs)
	}
}
