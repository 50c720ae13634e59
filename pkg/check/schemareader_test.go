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

// TestSchemaReadErrors: a fault in a CRD schema that clusterctl v1.14.2's reader
// refuses (generate provider fails: "failed to parse yaml" / "unknown escape") is a
// yaml-parse error of components lint at its line, though the schemas are skipped
// for the contract rules.
func TestSchemaReadErrors(t *testing.T) {
	t.Parallel()
	bomb := "        x-a: &a [x, x, x, x, x, x, x, x, x]\n        x-b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n        x-c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n" +
		"        x-d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n        x-e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n        x-f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n" +
		"        x-g: [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
	cases := []struct{ name, schema string }{
		{"slash escape", "        description: \"a \\/ b\"\n"},
		{"complex key", "        properties:\n          ? [a, b]\n          : {type: string}\n"},
		{"null key", "        properties:\n          ~: {type: string}\n"},
		{"alias bomb", bomb},
	}
	bins := clusterctl.Pick(t, "v1.14.2")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			comp := crdWith(c.schema)
			fs := Release(rel(map[string]string{"metadata.yaml": meta, "infrastructure-components.yaml": comp}), Options{Partial: true})
			if f := only(fs, "error:yaml-parse"); f == nil || f.Line < 20 {
				t.Fatalf("want a yaml-parse error in the schema (line ≥ 20), got %v", fs)
			}
			for _, b := range bins {
				if _, stderr, err := b.DescribeProvider(t, comp); err == nil || !strings.Contains(stderr, "yaml") {
					t.Errorf("clusterctl %s read it: %v %s", b.Version, err, stderr)
				}
			}
		})
	}
}
