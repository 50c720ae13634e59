package contract

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/manifest"
)

// rbacComponents builds a components file of n InfraMachine kinds with status, each
// granted by its own ClusterRole that the manager's aggregated ClusterRole selects,
// plus one binding per kind to a second service account: the shape whose
// resolution must stay linear (a large provider splits its RBAC across many roles).
func rbacComponents(n int) []byte {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: capfoo-system\n")
	for i := range n {
		fmt.Fprintf(&b, "---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  labels:\n    cluster.x-k8s.io/v1beta1: v1beta1\n  name: foo%[1]dmachines.infrastructure.cluster.x-k8s.io\nspec:\n  group: infrastructure.cluster.x-k8s.io\n  names:\n    kind: Foo%[1]dMachine\n    plural: foo%[1]dmachines\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n    served: true\n    storage: true\n    subresources:\n      status: {}\n", i)
		fmt.Fprintf(&b, "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  labels:\n    capfoo.example.com/aggregate-to-manager: \"true\"\n  name: capfoo-foo%[1]d\nrules:\n- apiGroups: [infrastructure.cluster.x-k8s.io]\n  resources: [foo%[1]dmachines, foo%[1]dmachines/status]\n  verbs: [get, list, watch, update, patch]\n", i)
		fmt.Fprintf(&b, "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: capfoo-helper-%[1]d\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: capfoo-foo%[1]d\nsubjects:\n- kind: ServiceAccount\n  name: capfoo-helper\n  namespace: capfoo-system\n", i)
	}
	b.WriteString("---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: capfoo-manager-role\naggregationRule:\n  clusterRoleSelectors:\n  - matchLabels:\n      capfoo.example.com/aggregate-to-manager: \"true\"\nrules: []\n")
	b.WriteString("---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: capfoo-manager-rolebinding\nroleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: capfoo-manager-role\nsubjects:\n- kind: ServiceAccount\n  name: capfoo-manager\n  namespace: capfoo-system\n")
	b.WriteString("---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: capfoo-controller-manager\n  namespace: capfoo-system\nspec:\n  template:\n    spec:\n      serviceAccountName: capfoo-manager\n      containers:\n      - name: manager\n        image: registry.k8s.io/capfoo/manager:v1.0.0\n")
	return []byte(b.String())
}

func rbacInput(tb testing.TB, n int) Input {
	docs, err := manifest.Split(rbacComponents(n))
	if err != nil {
		tb.Fatal(err)
	}
	return Input{File: "infrastructure-components.yaml", Docs: docs, Type: layout.InfrastructureProvider}
}

// TestRBACComponentsResolve keeps the benchmark's input meaningful: every kind is
// granted through the aggregated role, so the check resolves them all and finds nothing.
func TestRBACComponentsResolve(t *testing.T) {
	t.Parallel()
	if fs := checkManagerRBAC(newScan(rbacInput(t, 3))); len(fs) > 0 {
		t.Fatalf("findings: %v", fs)
	}
}

// BenchmarkManagerRBAC times the manager RBAC check on n and 2n kinds and reports
// the ratio: about 2 when the resolution is linear, 4 when quadratic.
func BenchmarkManagerRBAC(b *testing.B) {
	small, large := newScan(rbacInput(b, 1000)), newScan(rbacInput(b, 2000))
	var ts, tl time.Duration
	for b.Loop() {
		start := time.Now()
		checkManagerRBAC(small)
		mid := time.Now()
		checkManagerRBAC(large)
		ts, tl = ts+mid.Sub(start), tl+time.Since(mid)
	}
	b.ReportMetric(float64(tl)/float64(ts), "2n/n")
}
