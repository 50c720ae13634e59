package render

import (
	"bytes"
	"context"
	"path/filepath"
	"reflect"
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

// TestKustomizeOriginsIsOneRender: the render that also returns origins gives the
// same resources, byte for byte, as the release's render (objects with annotations of
// their own and without, a generator, labels and an image override) and the same
// origins as OriginsContext; a folder whose kustomization asks for build metadata
// keeps its annotations as Kustomize does.
func TestKustomizeOriginsIsOneRender(t *testing.T) {
	t.Parallel()
	for _, meta := range []string{"", "buildMetadata: [originAnnotations]\n"} {
		dir := tree.Write(t, map[string]string{
			"default/kustomization.yaml": meta + "namespace: x-system\nnamePrefix: x-\nresources: [../manager]\ncommonAnnotations: {team: a}\nconfigMapGenerator:\n- name: cfg\n  literals: [a=b]\n",
			"manager/kustomization.yaml": "resources: [manager.yaml]\n",
			"manager/manager.yaml":       "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: system\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller\n  annotations: {own: x}\nspec:\n  template:\n    spec:\n      containers:\n      - name: m\n        image: controller\n",
		})
		for _, opts := range []Options{{Dir: filepath.Join(dir, "default"), Root: dir},
			{Dir: filepath.Join(dir, "default"), Root: dir, Labels: map[string]string{"l": "v"}, Images: []types.Image{{Name: "controller", NewName: "r.example.com/c"}}}} {
			want, err := Kustomize(opts)
			if err != nil {
				t.Fatal(err)
			}
			m, got, err := KustomizeOriginsContext(t.Context(), opts)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := asYaml(t, m), asYaml(t, want); !bytes.Equal(a, b) {
				t.Errorf("metadata %q: with origins\n%s\nwant\n%s", meta, a, b)
			}
			alone, err := OriginsContext(t.Context(), opts)
			if err != nil || !reflect.DeepEqual(got, alone) {
				t.Errorf("metadata %q: origins %+v, want %+v (%v)", meta, got, alone, err)
			}
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
