package render

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

const srcCM = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: %s}\ndata: {k: v}\n"

func cm(name string) string { return strings.Replace(srcCM, "%s", name, 1) }

// sourceCases are trees whose origins render reads from the tree (readable: true) or
// must ask kustomize for (false: a reading by name would be wrong or cannot tell).
var sourceCases = map[string]struct {
	files    map[string]string
	readable bool
}{
	"capa-like": {map[string]string{
		"k/kustomization.yaml": "namePrefix: capa-\nnamespace: capa-system\ncommonLabels: {p: aws}\nresources: [ns.yaml]\nbases: [../rbac, ../crd]\n" +
			"patchesStrategicMerge: [role_patch.yaml]\nconfigurations: [conf.yaml]\nvars:\n- name: NS\n  objref: {kind: Namespace, version: v1, name: system}\n  fieldref: {fieldpath: metadata.name}\n",
		"k/ns.yaml":               "apiVersion: v1\nkind: Namespace\nmetadata: {name: system}\n",
		"k/conf.yaml":             "varReference:\n- path: metadata/annotations\n",
		"k/role_patch.yaml":       "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: manager-role}\nrules: []\n",
		"rbac/kustomization.yaml": "resources: [role.yaml, aggregated.yaml]\n",
		"rbac/role.yaml":          "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: manager-role, annotations: {ns: $(NS)}}\n",
		"rbac/aggregated.yaml":    "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: aggregated-manager-role}\n",
		"crd/kustomization.yaml":  "commonLabels: {cluster.x-k8s.io/v1beta1: v1beta2}\nresources: [a.yaml, b.yaml]\npatchesStrategicMerge: [patch_a.yaml]\n",
		"crd/a.yaml":              "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: as.x.io}\nspec: {group: x.io}\n",
		"crd/b.yaml":              "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: bs.x.io}\nspec: {group: x.io}\n",
		"crd/patch_a.yaml":        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: as.x.io}\nspec: {scope: Namespaced}\n",
	}, true},
	"generators and a component": {map[string]string{
		"k/kustomization.yaml":    "resources: [../base, cm.yaml]\ncomponents: [../comp]\nconfigMapGenerator:\n- name: cfg\n  literals: [a=b]\nsecretGenerator:\n- name: cfg\n  literals: [a=b]\n",
		"k/cm.yaml":               cm("other"),
		"base/kustomization.yaml": "nameSuffix: -s\nresources: [cm.yaml]\n",
		"base/cm.yaml":            cm("cfg-base"),
		"comp/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources: [c.yaml]\n",
		"comp/c.yaml":             cm("from-component"),
	}, true},
	"a json patch renames onto another's name": {map[string]string{
		"k/kustomization.yaml": "resources: [a.yaml, b.yaml]\npatches:\n- target: {kind: ConfigMap, name: b}\n  patch: '[{\"op\": \"replace\", \"path\": \"/metadata/name\", \"value\": \"a-renamed\"}]'\n",
		"k/a.yaml":             cm("a"),
		"k/b.yaml":             cm("b"),
	}, false},
	"a patch deletes a source": {map[string]string{
		"k/kustomization.yaml": "resources: [a.yaml, b.yaml]\npatches:\n- patch: |-\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: web-hook}\n    $patch: delete\n",
		"k/a.yaml":             cm("web"),
		"k/b.yaml":             cm("web-hook"),
	}, false},
	"one base twice": {map[string]string{
		"k/kustomization.yaml":    "resources: [../a, ../b]\n",
		"a/kustomization.yaml":    "namePrefix: a-\nresources: [../base]\n",
		"b/kustomization.yaml":    "namePrefix: b-\nresources: [../base]\n",
		"base/kustomization.yaml": "resources: [cm.yaml]\n",
		"base/cm.yaml":            cm("x"),
	}, false},
	"a generator merges into a base's": {map[string]string{
		"k/kustomization.yaml":    "resources: [../base]\nconfigMapGenerator:\n- name: cfg\n  behavior: merge\n  literals: [c=d]\n",
		"base/kustomization.yaml": "configMapGenerator:\n- name: cfg\n  literals: [a=b]\n",
	}, false},
	"a List": {map[string]string{
		"k/kustomization.yaml": "resources: [list.yaml]\n",
		"k/list.yaml":          "apiVersion: v1\nkind: List\nitems:\n- " + strings.ReplaceAll(strings.TrimSuffix(cm("a"), "\n"), "\n", "\n  ") + "\n",
	}, false},
	"a linked base": {map[string]string{
		"k/kustomization.yaml":    "resources: [sub/link]\n",
		"k/sub/link":              "link:../../real",
		"real/kustomization.yaml": "resources: [cm.yaml]\n",
		"real/cm.yaml":            cm("x"),
	}, true},
}

// TestSourcesAreKustomizesOrigins: the origins a render reads from its tree are
// those kustomize's origin annotations give (OriginsContext), for every tree of
// sourceCases and of the fixed-kustomization cases; trees a reading by name would get
// wrong, or cannot tell, give none (the caller asks kustomize).
func TestSourcesAreKustomizesOrigins(t *testing.T) {
	t.Parallel()
	for name, c := range sourceCases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := sameOrigins(t, writeTree(t, c.files), "k", strings.Contains(name, "(none)"))
			if err != nil {
				t.Fatal(err)
			}
			if (got != nil) != c.readable {
				t.Errorf("read from the tree: %v, want %v", got != nil, c.readable)
			}
		})
	}
	t.Run("capa-shaped", func(t *testing.T) {
		t.Parallel()
		cfg, _ := bigtree.CAPA(t)
		if got, err := sameOrigins(t, filepath.Dir(cfg), "config/default", false); got == nil || err != nil {
			t.Errorf("origins not read from the tree (%v)", err)
		}
	})
	for _, cases := range []map[string]map[string]string{fixCases, json6902Cases, verifyCases} {
		for name, files := range cases {
			t.Run("fixed "+name, func(t *testing.T) {
				t.Parallel()
				files := maps(files)
				files["base/kustomization.yaml"], files["base/svc.yaml"] = "resources: [deploy.yaml, svc.yaml]\n", fixService
				if files["base/deploy.yaml"] == "" {
					files["base/deploy.yaml"] = fixDeploy
				}
				sameOrigins(t, writeTree(t, files), "k", strings.Contains(name, "(none)"))
			})
		}
	}
}

// sameOrigins checks that the origins read from the tree, if any, are kustomize's.
func sameOrigins(t *testing.T, root, dir string, loadNone bool) ([]Origin, error) {
	t.Helper()
	opts := Options{Dir: filepath.Join(root, dir), Root: root, Warn: func(Warning) {}}
	if loadNone {
		opts.LoadRestrictor = LoadNone
	}
	want, wantErr := OriginsContext(t.Context(), opts)
	m, got, err := KustomizeOriginsContext(t.Context(), opts)
	if (err == nil) != (wantErr == nil) {
		t.Fatalf("render: %v; with origin annotations: %v", err, wantErr)
	}
	if err == nil && m.Size() != len(want) {
		t.Fatalf("%d objects rendered, %d with origin annotations", m.Size(), len(want))
	}
	if got != nil && !reflect.DeepEqual(got, want) {
		t.Errorf("origins read from the tree\n%+v\nwant kustomize's\n%+v", got, want)
	}
	return got, err
}

// writeTree writes files; a content "link:target" makes a symbolic link to target.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := tree.Write(t, files)
	for f, body := range files {
		if target, ok := strings.CutPrefix(body, "link:"); ok {
			link := filepath.Join(root, f)
			if err := os.Remove(link); err != nil || os.Symlink(target, link) != nil {
				t.Fatal("cannot make link", link)
			}
		}
	}
	return root
}

func maps(in map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range in {
		out[k] = v
	}
	return out
}
