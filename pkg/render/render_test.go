package render

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"

	"sigs.k8s.io/kustomize/api/types"
)

func TestKustomizeExample(t *testing.T) {
	t.Parallel()
	m, err := Kustomize(Options{
		Dir:    "../../examples/sample/config/default",
		Labels: map[string]string{"cluster.x-k8s.io/provider": "infrastructure-sample"},
		Images: []types.Image{{Name: "controller", NewName: "registry.example.com/x/c", NewTag: "v1.0.0"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	y, err := m.AsYaml()
	if err != nil {
		t.Fatal(err)
	}
	out := string(y)
	for _, want := range []string{"image: registry.example.com/x/c:v1.0.0", "cluster.x-k8s.io/provider: infrastructure-sample",
		"sample-webhook-service.sample-system.svc", "cert-manager.io/inject-ca-from: sample-system/sample-serving-cert"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

func TestKustomizeBadInput(t *testing.T) {
	t.Parallel()
	bomb := "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
	cases := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no kustomization", map[string]string{"a.yaml": "kind: x"}, "no kustomization.yaml"},
		{"alias bomb", map[string]string{"kustomization.yaml": "resources: [b.yaml]", "b.yaml": bomb}, "b.yaml: line"},
		{"remote", map[string]string{"kustomization.yaml": "resources: [https://example.com/x.yaml]"}, "remoteResources"},
		{"missing resource", map[string]string{"kustomization.yaml": "resources: [nope.yaml]"}, "nope.yaml"},
		{"broken kustomization", map[string]string{"kustomization.yaml": "resources: [\n"}, "kustomization.yaml"},
		{"bad resource yaml", map[string]string{"kustomization.yaml": "resources: [a.yaml]", "a.yaml": "kind: [\n"}, "a.yaml"},
		{"binary", map[string]string{"kustomization.yaml": "resources: [a.yaml]", "a.yaml": "\x00\x01"}, "binary"},
		{"unknown field", map[string]string{"kustomization.yaml": "namespcae: x\n"}, "namespcae"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := Kustomize(Options{Dir: tree.Write(t, c.files)})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error = %v, want it to contain %q", err, c.want)
			}
		})
	}
}
