package variables

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

// components20MB builds a ~20 MB components-like YAML: CRD schemas (long text
// without variables), Deployments with variables in args and env, a ConfigMap
// script with escapes and comments.
func components20MB() []byte {
	var b strings.Builder
	b.Grow(21 << 20)
	schema := strings.Repeat("                  description: The field holds a value used by the controller when it reconciles.\n                  type: string\n", 40)
	for i := 0; b.Len() < 20<<20; i++ {
		fmt.Fprintf(&b, `---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: things%d.infrastructure.cluster.x-k8s.io
  annotations:
    cert-manager.io/inject-ca-from: capx-system/capx-serving-cert # ${NOT_A_COMMENT_VAR:=x}
spec:
  versions:
  - name: v1beta1
    schema:
      openAPIV3Schema:
        properties:
%s---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: capx-controller-manager-%d
  namespace: capx-system
spec:
  template:
    spec:
      containers:
      - image: registry.example.com/capx/manager:v1.2.3
        name: manager
        args:
        - --feature-gates=MachinePool=${EXP_MACHINE_POOL:=false},ClusterTopology=${CLUSTER_TOPOLOGY:=false}
        - --region=${ CAPX_REGION }
        env:
        - name: CAPX_CREDENTIALS
          value: ${CAPX_B64ENCODED_CREDENTIALS}
        - name: SCRIPT
          value: |
            echo "$${HOME}" $$PATH
---
`, i, schema, i)
	}
	return []byte(b.String())
}

func BenchmarkLint20MB(b *testing.B) {
	data := components20MB()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		fs := Lint("infrastructure-components.yaml", data, layout.KindComponents)
		if len(fs) == 0 {
			b.Fatal("no findings on a file with a comment variable and legacy spacing")
		}
	}
}

// nestedDefaults is a template whose one value nests n defaults, alternating
// ${A:=...} and ${B:-...}, around an x.
func nestedDefaults(n int) []byte {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${CLUSTER_NAME}\ndata:\n  k: ")
	for i := range n {
		b.WriteString([]string{"${A:=", "${B:-"}[i%2])
	}
	b.WriteString("x" + strings.Repeat("}", n) + "\n")
	return []byte(b.String())
}

// BenchmarkNestedDefaults lints a template with 20,000 nested defaults (the walker
// must stay linear in the nesting depth).
func BenchmarkNestedDefaults(b *testing.B) {
	data := nestedDefaults(20000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Lint("cluster-template.yaml", data, layout.KindTemplate)
	}
}
