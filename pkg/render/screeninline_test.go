package render

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

const bombYAML = "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"

// kustomize also parses the files named by generators, transformers, validators and
// openapi, and YAML written inline (patches' patch:, multi-line list entries): the
// screen reads them all (screen only: kustomize is not run on the bombs).
func TestScreenReachesEveryYAMLKustomizeParses(t *testing.T) {
	t.Parallel()
	indented := "    " + strings.ReplaceAll(strings.TrimSuffix(bombYAML, "\n"), "\n", "\n    ") + "\n"
	cases := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"transformers", map[string]string{"kustomization.yaml": "transformers: [t.yaml]\n", "t.yaml": bombYAML}, "t.yaml: "},
		{"generators", map[string]string{"kustomization.yaml": "generators: [g.yaml]\n", "g.yaml": bombYAML}, "g.yaml: "},
		{"validators", map[string]string{"kustomization.yaml": "validators: [v.yaml]\n", "v.yaml": bombYAML}, "v.yaml: "},
		{"openapi", map[string]string{"kustomization.yaml": "openapi: {path: schema.yaml}\n", "schema.yaml": bombYAML}, "schema.yaml: "},
		{"inline patch", map[string]string{"kustomization.yaml": "patches:\n- patch: |-\n" + indented}, "kustomization.yaml: inline YAML: "},
		{"inline entry", map[string]string{"kustomization.yaml": "patchesStrategicMerge:\n- |-\n" + indented}, "kustomization.yaml: inline YAML: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := screen(tree.Write(t, c.files))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want the alias bomb refused (%q)", err, c.want)
			}
		})
	}
}

// An inline patchesStrategicMerge entry is YAML, not a path nor a remote URL.
func TestKustomizeInlineStrategicMergePatch(t *testing.T) {
	t.Parallel()
	dir := tree.Write(t, map[string]string{
		"kustomization.yaml": "resources: [cm.yaml]\npatchesStrategicMerge:\n- |-\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: x\n    annotations: {docs: \"https://example.com/x\"}\n  data: {patched: \"yes\"}\n",
		"cm.yaml":            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: {a: b}\n",
	})
	m, err := Kustomize(Options{Dir: dir, Root: dir})
	if err != nil {
		t.Fatal(err)
	}
	out, err := m.AsYaml()
	if err != nil || !strings.Contains(string(out), "patched: \"yes\"") {
		t.Fatalf("patch not applied (%v):\n%s", err, out)
	}
}

// screen walks every file a kustomization reaches and rejects what would crash or
// leak out of a hermetic build: YAML alias bombs (kustomize expands them without a
// limit and dies), binary or non-UTF-8 files, and remote resources (kustomize would
// fetch them over the network).
func screen(dir string) error {
	return screenWith(dir, ScreenOptions{})
}
