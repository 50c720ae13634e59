package install

import (
	"strings"
	"testing"
)

const fitCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: things.infrastructure.cluster.x-k8s.io
spec:
  group: infrastructure.cluster.x-k8s.io
  names:
    kind: Thing
  versions:
  - name: v1beta1
    schema:
      openAPIV3Schema:
        properties:
          spec:
            properties:
              id:
                format: uuid
                type: string
              mode:
                enum: [Fast, Slow]
                type: string
              port:
                type: integer
              prefix:
                maxLength: 4
                type: string
              free:
                type: string
              pattern:
                pattern: ^[0-9]+$
                type: string
              subnets:
                items:
                  properties:
                    cidr:
                      format: cidr
                      type: string
                  type: object
                type: array
              labels:
                additionalProperties:
                  maxLength: 2
                  type: string
                type: object
            type: object
        type: object
`

// Placeholders follow the CRD's schema of the field they fill: enum, type, format,
// maxLength, through arrays and maps; a free string or a pattern keeps the name's.
func TestPlaceholdersFitTheSchema(t *testing.T) {
	tmpl := `apiVersion: infrastructure.cluster.x-k8s.io/v1beta1
kind: Thing
metadata:
  name: ${CLUSTER_NAME}
spec:
  id: ${NETWORK_ID}
  mode: "${MODE}"
  port: ${API_PORT_NUMBER}
  prefix: ${ROLE_PREFIX}
  free: ${REGION}
  pattern: ${ACCOUNT}
  subnets:
  - cidr: ${SUBNET}
  labels:
    team: ${TEAM}
---
apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
kind: Thing
metadata:
  name: other-version
spec:
  id: ${OTHER_ID}
`
	files := map[string][]byte{"infrastructure-components.yaml": []byte(fitCRD), "cluster-template.yaml": []byte(tmpl)}
	got, notes, err := Values(files, "cluster-template.yaml", nil, ReadSchemas(files))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"NETWORK_ID": "123e4567-e89b-42d3-a456-426614174000", "MODE": "Fast", "API_PORT_NUMBER": "1",
		"ROLE_PREFIX": "pppp", "REGION": "placeholder", "ACCOUNT": "placeholder", "SUBNET": "10.0.0.0/16",
		"TEAM": "pp", "OTHER_ID": "placeholder",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s=%q, want %q", k, got[k], v)
		}
	}
	joined := strings.Join(notes, "\n")
	for _, n := range []string{
		"cluster-template.yaml: NETWORK_ID=123e4567-e89b-42d3-a456-426614174000 (a placeholder, the CRD's format uuid at Thing spec.id: set it with --values)",
		"cluster-template.yaml: TEAM=pp (a placeholder, the CRD's maxLength 2 at Thing spec.labels.team: set it with --values)",
		"cluster-template.yaml: SUBNET=10.0.0.0/16 (a placeholder, the CRD's format cidr at Thing spec.subnets[0].cidr: set it with --values)",
		"cluster-template.yaml: REGION=placeholder (a placeholder: set it with --values)",
	} {
		if !strings.Contains(joined, n) {
			t.Errorf("no note %q in:\n%s", n, joined)
		}
	}
}
