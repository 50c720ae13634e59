package render

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

const fixDeploy = `apiVersion: apps/v1
kind: Deployment
metadata: {name: manager, namespace: system, labels: {app: m}}
spec:
  selector: {matchLabels: {app: m}}
  template:
    metadata: {labels: {app: m}}
    spec: {containers: [{name: manager, image: controller:dev, args: [--a]}]}
`

const fixService = `apiVersion: v1
kind: Service
metadata: {name: webhook, namespace: system}
spec: {selector: {app: m}, ports: [{port: 443}]}
`

// fixCases are kustomization trees with deprecated fields; base/ holds the objects.
var fixCases = map[string]map[string]string{
	"patchesJson6902 after namespace (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: sample-system\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n",
		"k/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"vars (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nvars:\n- name: SVC\n  objref: {kind: Service, version: v1, name: webhook}\n  fieldref: {fieldpath: metadata.name}\n",
		"base/deploy.yaml":     strings.Replace(fixDeploy, "--a", "--svc=$(SVC)", 1),
	},
	"bases and resources": {
		"k/kustomization.yaml": "resources: [svc.yaml]\nbases: [../base]\nnamespace: sample-system\n",
		"k/svc.yaml":           "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: extra}\n",
	},
	"patchesStrategicMerge before patches": {
		"k/kustomization.yaml": "resources: [../base]\npatches:\n- path: json.yaml\n  target: {kind: Deployment}\npatchesStrategicMerge: [smp.yaml, multi.yaml]\nnamePrefix: sample-\n",
		"k/smp.yaml":           "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: manager, namespace: system}\nspec: {template: {spec: {containers: [{name: manager, args: [--b]}]}}}\n",
		"k/multi.yaml":         "apiVersion: v1\nkind: Service\nmetadata: {name: webhook, namespace: system}\nspec: {ports: [{port: 9443}]}\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: manager, namespace: system}\nspec: {replicas: 3}\n",
		"k/json.yaml":          "- {op: replace, path: /spec/replicas, value: 5}\n",
	},
	"patchesStrategicMerge inline and delete": {
		"k/kustomization.yaml": "resources: [../base]\npatchesStrategicMerge:\n- |-\n  apiVersion: v1\n  kind: Service\n  metadata: {name: webhook, namespace: system}\n  $patch: delete\n- |-\n  apiVersion: apps/v1\n  kind: Deployment\n  metadata: {name: manager, namespace: system}\n  spec: {paused: true}\n",
	},
	"commonLabels after labels": {
		"k/kustomization.yaml": "resources: [../base]\nlabels:\n- pairs: {team: a, tier: x}\n  includeTemplates: true\ncommonLabels: {tier: z, app.kubernetes.io/name: sample}\n",
	},
	"commonLabels empty": {
		"k/kustomization.yaml": "resources: [../base]\ncommonLabels: {}\n",
	},
	"imageTags": {
		"k/kustomization.yaml": "resources: [../base]\nimages: [{name: other, newTag: v2}]\nimageTags: [{name: controller, newName: example.com/c, newTag: v1}]\n",
	},
	"patchesJson6902 alone": {
		"k/kustomization.yaml": "resources: [../base]\npatches: [{path: smp.yaml}]\npatchesJson6902:\n- target: {group: apps, version: v1, kind: Deployment, name: manager}\n  path: json.yaml\n",
		"k/smp.yaml":           "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: manager, namespace: system}\nspec: {replicas: 2}\n",
		"k/json.yaml":          "- {op: replace, path: /spec/replicas, value: 7}\n",
	},
	"every field": {
		"k/kustomization.yaml": "namespace: sample-system\nnamePrefix: sample-\nbases: [../base]\ncommonLabels: {cluster.x-k8s.io/provider: infrastructure-sample}\npatchesStrategicMerge: [smp.yaml]\n",
		"k/smp.yaml":           "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: manager, namespace: system}\nspec: {template: {metadata: {labels: {extra: x}}}}\n",
	},
}

// TestFixedKustomizationsBuildTheSame: a tree with deprecated fields renders to the
// same bytes through render (which serves the fields fixed) as through kustomize
// reading it unfixed, and the served kustomization has nothing deprecated left but
// the fields without an exact current form (the "(kept)" cases).
func TestFixedKustomizationsBuildTheSame(t *testing.T) {
	t.Parallel()
	for name, files := range fixCases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			files["base/kustomization.yaml"], files["base/svc.yaml"] = "resources: [deploy.yaml, svc.yaml]\n", fixService
			if files["base/deploy.yaml"] == "" {
				files["base/deploy.yaml"] = fixDeploy
			}
			root := tree.Write(t, files)
			dir := filepath.Join(root, "k")
			want := unfixedBuild(t, dir)
			m, err := Kustomize(Options{Dir: dir, Root: root, Warn: func(Warning) {}})
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.AsYaml()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("fixed build differs from kustomize's:\n--- fixed\n%s\n--- kustomize\n%s", got, want)
			}
			left := servedDeprecations(t, root, dir)
			if kept := strings.HasSuffix(name, "(kept)"); kept != (len(left) == 1) || len(left) > 1 {
				t.Errorf("served kustomization has deprecated fields %v; want one only when kept", left)
			}
		})
	}
}

// unfixedBuild is kustomize reading the tree from disk as it is (it warns on stderr).
func unfixedBuild(t *testing.T, dir string) []byte {
	t.Helper()
	m, err := krusty.MakeKustomizer(kustomizerOptions("")).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		t.Fatal(err)
	}
	out, err := m.AsYaml()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// servedDeprecations are kustomize's warnings about the kustomization render serves.
func servedDeprecations(t *testing.T, root, dir string) []string {
	t.Helper()
	b, err := newBound(Options{Root: root, Warn: func(Warning) {}})
	if err != nil {
		t.Fatal(err)
	}
	data, err := b.ReadFile(filepath.Join(dir, "kustomization.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var k types.Kustomization
	if err := k.Unmarshal(data); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return *k.CheckDeprecatedFields()
}
