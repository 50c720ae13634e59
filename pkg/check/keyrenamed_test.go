package check

import (
	"strconv"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

// renamedTemplate has unquoted YAML 1.1 keys clusterctl renames: the ConfigMap data
// keys on (line 6) and 0x10 (line 10); a quoted "off", a yes inside a block scalar
// and the plain key true keep their names.
const renamedTemplate = `apiVersion: v1
kind: ConfigMap
metadata:
  name: c
data:
  on: a
  "off": b
  labels: |
    yes: in a block scalar, not a key
  0x10: c
  true: d
`

// renamedComponents has a CRD schema property y (line 20), which clusterctl renames
// to "true", so objects' y fields are pruned.
const renamedComponents = `apiVersion: v1
kind: Namespace
metadata:
  name: foo-system
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: foopoints.infrastructure.foo.com
spec:
  group: infrastructure.foo.com
  names: {kind: FooPoint, plural: foopoints}
  scope: Namespaced
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        properties:
          x: {type: integer}
          y: {type: integer}
        type: object
    served: true
    storage: true
`

// TestRenamedKeys: yaml-key-renamed warns at each unquoted key clusterctl's reader
// (sigs.k8s.io/yaml, YAML 1.1) writes under another name, in templates and in
// components' CRD schemas.
func TestRenamedKeys(t *testing.T) {
	t.Parallel()
	cases := []struct{ file, data, want string }{
		{"cluster-template.yaml", renamedTemplate, "6 10"},
		{"infrastructure-components.yaml", renamedComponents, "20"},
	}
	for _, c := range cases {
		fs := Release(rel(map[string]string{"metadata.yaml": meta, c.file: c.data}), Options{Partial: true})
		var got []string
		for _, f := range fs {
			if f.Rule == ruleKeyRenamed {
				got = append(got, strconv.Itoa(f.Line))
				if f.Severity != "warning" || !strings.Contains(f.Message, "quote it") {
					t.Errorf("%s: %s", c.file, f)
				}
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: yaml-key-renamed at lines %v, want %s\n%v", c.file, got, c.want, fs)
		}
	}
}

// TestRenamedKeysClusterctl: clusterctl v1.14.2 itself writes the keys renamed.
func TestRenamedKeysClusterctl(t *testing.T) {
	t.Parallel()
	for _, b := range clusterctl.Pick(t, "v1.14.2") {
		out, stderr, err := b.GenerateCluster(t, renamedTemplate, "")
		// on and true both become "true": the later value wins, a is lost
		if err != nil || !strings.Contains(out, `"true": d`) || strings.Contains(out, ": a") || !strings.Contains(out, `"16": c`) || !strings.Contains(out, `"off": b`) {
			t.Errorf("clusterctl %s generate cluster: err %v, want keys \"true\" (d, a lost) and \"16\"\n%s%s", b.Version, err, out, stderr)
		}
		out, stderr, err = b.GenerateProvider(t, renamedComponents)
		if err != nil || !strings.Contains(out, `"true":`) {
			t.Errorf("clusterctl %s generate provider: err %v, want the schema property y written \"true\"\n%s%s", b.Version, err, out, stderr)
		}
	}
}
