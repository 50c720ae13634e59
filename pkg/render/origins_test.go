package render

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
	"sigs.k8s.io/kustomize/api/types"
)

// TestOrigins: every object of a nested kustomization (with a name prefix, a
// generator and an image override) is traced to the file it was written in, and the
// release's own render carries no origin annotation.
func TestOrigins(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{
		"default/kustomization.yaml": "namespace: x-system\nnamePrefix: x-\nresources: [../manager]\nconfigMapGenerator:\n- name: cfg\n  literals: [a=b]\n",
		"manager/kustomization.yaml": "resources: [manager.yaml]\n",
		"manager/manager.yaml":       "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: system\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller\nspec:\n  template:\n    spec:\n      containers:\n      - name: m\n        image: controller\n",
	})
	opts := Options{Dir: filepath.Join(dir, "default"), Root: dir, Labels: map[string]string{"l": "v"},
		Images: []types.Image{{Name: "controller", NewName: "r.example.com/c"}}}
	got, err := OriginsContext(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"Namespace x-system":              "manager/manager.yaml",
		"Deployment x-controller":         "manager/manager.yaml",
		"ConfigMap x-cfg-" + cfgHash(got): "default/kustomization.yaml",
	}
	if len(got) != len(want) {
		t.Fatalf("origins %+v, want %d", got, len(want))
	}
	for _, o := range got {
		rel, _ := filepath.Rel(realPath(t, dir), realPath(t, o.File))
		if w := want[o.Kind+" "+o.Name]; w != filepath.ToSlash(rel) {
			t.Errorf("%s %s: from %s, want %s", o.Kind, o.Name, o.File, w)
		}
	}
	m, err := Kustomize(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range m.Resources() {
		if _, ok := r.GetAnnotations()["config.kubernetes.io/origin"]; ok {
			t.Errorf("%s: the release's render carries an origin annotation", r.CurId())
		}
	}
}

// cfgHash is the generated ConfigMap's name suffix.
func cfgHash(os []Origin) string {
	for _, o := range os {
		if o.Kind == "ConfigMap" {
			return o.Name[len("x-cfg-"):]
		}
	}
	return ""
}

func realPath(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
