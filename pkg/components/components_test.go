package components

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/render"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

func TestEncodeOrderAndPullPolicy(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{
		"kustomization.yaml": "resources: [a.yaml]\n",
		"a.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d, namespace: ns}\nspec:\n  template:\n    spec:\n      initContainers: [{name: init, image: r.io/i:v1}]\n      containers: [{name: manager, image: r.io/m:v1}]\n" +
			"---\napiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata: {name: c, namespace: ns}\n" +
			"---\napiVersion: v1\nkind: Namespace\nmetadata: {name: ns}\n",
	})
	m, err := render.Kustomize(render.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	out, err := Encode(m, Options{ImagePullPolicy: "IfNotPresent"})
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	ns, cert, dep := strings.Index(s, "kind: Namespace"), strings.Index(s, "kind: Certificate"), strings.Index(s, "kind: Deployment")
	if !(ns >= 0 && ns < cert && cert < dep) {
		t.Errorf("order: Namespace %d, Certificate %d, Deployment %d\n%s", ns, cert, dep, s)
	}
	if strings.Count(s, "imagePullPolicy: IfNotPresent") != 2 {
		t.Errorf("pull policy not set on both containers:\n%s", s)
	}
	if strings.Count(s, "---\n") != 2 {
		t.Errorf("want three documents:\n%s", s)
	}
}
