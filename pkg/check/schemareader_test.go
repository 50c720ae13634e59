package check

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/clusterctl"
)

const readerNS = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: foo-system\n---\n"

func crdWith(schema string) string {
	return readerNS + "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: things.infrastructure.cluster.x-k8s.io\n" +
		"spec:\n  group: infrastructure.cluster.x-k8s.io\n  names:\n    kind: Thing\n    plural: things\n  scope: Namespaced\n  versions:\n  - name: v1beta1\n" +
		"    schema:\n      openAPIV3Schema:\n        type: object\n" + schema + "    served: true\n    storage: true\n"
}

const bomb = "        x-a: &a [x, x, x, x, x, x, x, x, x]\n        x-b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n        x-c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n" +
	"        x-d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n        x-e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n        x-f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n" +
	"        x-g: [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"

// schemaCases are CRD schema faults clusterctl v1.14.2's reader refuses; line is
// where lint reports them.
var schemaCases = []struct {
	name, schema string
	line         int
}{
	{"slash escape", "        description: \"a \\/ b\"\n", 21},
	{"complex key", "        properties:\n          ? [a, b]\n          : {type: string}\n", 22},
	{"null key", "        properties:\n          ~: {type: string}\n", 22},
	{"alias bomb", bomb, 6}, // yaml.v2 names no line: the document's
}

// TestSchemaReadErrors: each is a yaml-parse error of components lint at its line,
// though the schemas are skipped for the contract rules.
func TestSchemaReadErrors(t *testing.T) {
	t.Parallel()
	for _, c := range schemaCases {
		comp := crdWith(c.schema)
		fs := Release(rel(map[string]string{"metadata.yaml": meta, "infrastructure-components.yaml": comp}), Options{Partial: true})
		if f := only(fs, "error:yaml-parse"); f == nil || f.Line != c.line {
			t.Errorf("%s: want a yaml-parse error at line %d, got %v", c.name, c.line, fs)
		}
	}
}

// TestSchemaReadErrorsClusterctl: clusterctl v1.14.2's generate provider fails on
// each, in its YAML reader.
func TestSchemaReadErrorsClusterctl(t *testing.T) {
	t.Parallel()
	bins := clusterctl.Pick(t, "v1.14.2")
	for _, c := range schemaCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			comp := crdWith(c.schema)
			for _, b := range bins {
				if _, stderr, err := b.DescribeProvider(t, comp); err == nil || !strings.Contains(stderr, "yaml") {
					t.Errorf("clusterctl %s read it: %v %s", b.Version, err, stderr)
				}
			}
		})
	}
}
