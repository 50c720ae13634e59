package contract

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// TestFieldRulePathsKept: every path a schema rule reads survives manifest's Slim
// pruning (schemaPaths).
func TestFieldRulePathsKept(t *testing.T) {
	t.Parallel()
	kept := map[string]bool{}
	for _, p := range schemaPaths {
		for i := range p {
			if p[i] == '.' {
				kept[p[:i]] = true
			}
		}
		kept[p] = true
	}
	for _, r := range fieldRules {
		for _, ws := range r.want {
			for _, w := range ws {
				for _, p := range w.shape.paths(w.path) {
					if !kept[p] && !kept[parentOf(p)+".*"] {
						t.Errorf("%s reads %s, which Slim drops", r.rule.ID, p)
					}
				}
			}
		}
	}
	for _, p := range topologyPaths() {
		if !kept[p] && !kept[parentOf(p)+".*"] {
			t.Errorf("the topology fields rule reads %s, which Slim drops", p)
		}
	}
}

func parentOf(p string) string {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i]
	}
	return ""
}

// TestSchemaRulesSameOnSlimParse: the contract fixtures give the same findings when
// parsed as capirepo lint parses components (Slim: schemas pruned to contract paths).
func TestSchemaRulesSameOnSlimParse(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/rules/contract-*/*/*-components*.yaml")
	verdicts, _ := filepath.Glob("testdata/verdicts/*/*-components*.yaml")
	files = append(files, verdicts...)
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		full, err := manifest.Split(data)
		if err != nil {
			t.Fatal(err)
		}
		slim, err := manifest.SplitWith(data, manifest.Options{Slim: SlimPaths()})
		if err != nil {
			t.Fatal(err)
		}
		// As build parses its own render: past the parallel threshold, schema lines
		// are pruned as text before parsing (the padding is one comment-only document).
		padded := append(append([]byte(nil), data...), []byte("\n---\n# "+strings.Repeat("x", 300<<10)+"\n")...)
		rendered, err := manifest.SplitWith(padded, manifest.Options{Slim: SlimPaths(), Rendered: true})
		if err != nil {
			t.Fatal(err)
		}
		want := Components(inputFor(f, string(data), full))
		for name, docs := range map[string][]manifest.Doc{"slim": slim, "rendered": rendered} {
			if got := Components(inputFor(f, string(data), docs)); !reflect.DeepEqual(want, got) {
				t.Errorf("%s: full parse\n%s\n%s parse\n%s", f, strings.Join(lines(want), "\n"), name, strings.Join(lines(got), "\n"))
			}
		}
	}
}

// TestAPIExtensionsV1beta1Schema: apiextensions v1beta1 CRDs keep the schema in
// spec.validation and subresources in spec.subresources; both parses read them.
func TestAPIExtensionsV1beta1Schema(t *testing.T) {
	t.Parallel()
	crd := func(status string) string {
		return "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata:\n  name: fooclusters.infrastructure.cluster.x-k8s.io\n  labels:\n    cluster.x-k8s.io/v1beta1: v1beta1\n" +
			"spec:\n  group: infrastructure.cluster.x-k8s.io\n  names:\n    kind: FooCluster\n    plural: fooclusters\n  scope: Namespaced\n  version: v1beta1\n  subresources:\n    status: {}\n" +
			"  validation:\n    openAPIV3Schema:\n      properties:\n        spec:\n          properties:\n            controlPlaneEndpoint:\n              properties:\n                host:\n                  type: string\n                port:\n                  type: integer\n              type: object\n          type: object\n        status:\n          properties:\n" + status + "          type: object\n      type: object\n"
	}
	cases := []struct {
		status string
		want   string
	}{
		{"            ready:\n              type: boolean\n", ""},
		{"            phase:\n              type: string\n", "contract-infra-cluster-provisioned"},
	}
	for _, c := range cases {
		for _, slim := range []*manifest.Kept{nil, SlimPaths()} {
			docs, err := manifest.SplitWith([]byte(nsFoo+"---\n"+crd(c.status)), manifest.Options{Slim: slim})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range Components(Input{File: "c.yaml", Docs: docs, Type: "InfrastructureProvider"}) {
				if strings.HasPrefix(f.Rule, "contract-") {
					got = append(got, f.Rule)
				}
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("slim=%v status %q: contract findings %v, want %q", slim, c.status, got, c.want)
			}
		}
	}
}

// TestAmbiguousLabelOnlyForControlPlanes: Cluster API looks contracts up by version
// (GetContractVersionForVersion) only for control planes, so other kinds do not warn.
func TestAmbiguousLabelOnlyForControlPlanes(t *testing.T) {
	t.Parallel()
	doc := "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: foomachines.infrastructure.cluster.x-k8s.io\n  labels:\n    cluster.x-k8s.io/v1beta1: v1beta2\n    cluster.x-k8s.io/v1beta2: v1beta2\n" +
		"spec:\n  group: infrastructure.cluster.x-k8s.io\n  names: {kind: FooMachine, plural: foomachines}\n  scope: Namespaced\n  versions: [{name: v1beta2, served: true, storage: true}]\n"
	for _, f := range Components(Input{File: "c.yaml", Docs: split(t, nsFoo+"---\n"+doc), Type: "InfrastructureProvider"}) {
		if f.Rule == ruleAmbiguousLabel.ID {
			t.Errorf("unexpected %s", f)
		}
	}
}

// paths lists the schema paths shape s reads below path (for the Slim pruning test).
func (s shape) paths(path string) []string {
	out := []string{path}
	for _, f := range sortedKeys(s.fields) {
		out = append(out, s.fields[f].paths(path+"."+f)...)
	}
	if s.items != nil {
		out = append(out, s.items.paths(path)[1:]...)
	}
	if s.values != nil {
		out = append(out, s.values.paths(path)[1:]...)
	}
	return out
}

// topologyPaths lists the paths checkTopologyFields reads (for the Slim test).
func topologyPaths() []string {
	out := []string{"spec.template.metadata"}
	for _, w := range topologyWrites {
		out = append(out, w.shape.paths(w.path)...)
	}
	return out
}
