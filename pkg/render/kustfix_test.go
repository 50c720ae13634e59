package render

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/tree"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
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
	"patchesJson6902 after namespace": {
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
	"bases beside capitalised Resources (kept)": {
		"k/kustomization.yaml": "Resources: [svc.yaml]\nbases: [../base]\n",
		"k/svc.yaml":           "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: extra}\n",
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
// same bytes, or fails with the same error, through the kustomization files render
// serves fixed as through kustomize reading them unfixed, and the served files have
// nothing deprecated left but the fields without an exact current form (the "kept"
// cases: one field left). A "(none)" case loads with LoadNone; a file whose content is
// "link:target" is a symbolic link to target.
func TestFixedKustomizationsBuildTheSame(t *testing.T) {
	t.Parallel()
	for _, cases := range []map[string]map[string]string{fixCases, json6902Cases, verifyCases} {
		for name, files := range cases {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				checkFixedBuild(t, name, files)
			})
		}
	}
}

func checkFixedBuild(t *testing.T, name string, files map[string]string) {
	files["base/kustomization.yaml"], files["base/svc.yaml"] = "resources: [deploy.yaml, svc.yaml]\n", fixService
	if files["base/deploy.yaml"] == "" {
		files["base/deploy.yaml"] = fixDeploy
	}
	root := tree.Write(t, files)
	for f, body := range files {
		if target, ok := strings.CutPrefix(body, "link:"); ok {
			link := filepath.Join(root, f)
			if err := os.Remove(link); err != nil || os.Symlink(target, link) != nil {
				t.Fatal("cannot make link", link)
			}
		}
	}
	opts := Options{Dir: filepath.Join(root, "k"), Root: root, Warn: func(Warning) {}}
	if strings.Contains(name, "(none)") {
		opts.LoadRestrictor = LoadNone
	}
	want, wantErr := unfixedBuild(opts)
	b := servedFS(t, opts)
	got, err := build(b, opts)
	if fmt.Sprint(err) != fmt.Sprint(wantErr) || !bytes.Equal(got, want) {
		t.Fatalf("fixed build differs from kustomize's:\n--- fixed (%v)\n%s\n--- kustomize (%v)\n%s", err, got, wantErr, want)
	}
	if m, err := Kustomize(opts); (err == nil) != (wantErr == nil) || (err == nil && !bytes.Equal(asYaml(t, m), want)) {
		t.Errorf("render: %v, want the same build as kustomize's (%v)", err, wantErr)
	}
	if m, _, err := KustomizeOriginsContext(t.Context(), opts); (err == nil) != (wantErr == nil) || (err == nil && !bytes.Equal(asYaml(t, m), want)) {
		t.Errorf("render with origins: %v, want the same build as kustomize's (%v)", err, wantErr)
	}
	var left []string
	for f := range files {
		if strings.HasSuffix(f, "kustomization.yaml") && !strings.HasPrefix(f, "base/") && !strings.HasPrefix(files[f], "link:") {
			left = append(left, servedDeprecations(t, b, filepath.Join(root, f))...)
		}
	}
	if kept := strings.Contains(name, "kept"); kept != (len(left) == 1) || len(left) > 1 {
		t.Errorf("served kustomizations have deprecated fields %v; want one only when kept", left)
	}
}

// unfixedBuild is kustomize reading the tree from disk as it is (it warns on stderr).
func unfixedBuild(opts Options) ([]byte, error) {
	return build(filesys.MakeFsOnDisk(), opts)
}

func build(fs filesys.FileSystem, opts Options) ([]byte, error) {
	m, err := krusty.MakeKustomizer(kustomizerOptions(opts.LoadRestrictor)).Run(fs, opts.Dir)
	if err != nil {
		return nil, err
	}
	return m.AsYaml()
}

func asYaml(t *testing.T, m resmap.ResMap) []byte {
	t.Helper()
	out, err := m.AsYaml()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// servedFS is the filesystem render serves kustomize for opts (see Kustomize).
func servedFS(t *testing.T, opts Options) *boundFS {
	t.Helper()
	b, err := newBound(opts)
	if err != nil {
		t.Fatal(err)
	}
	b.kust.origins = b.keepsOrigins(opts.Dir)
	return b
}

// servedDeprecations are kustomize's warnings about kustomization file f as b serves it.
func servedDeprecations(t *testing.T, b *boundFS, f string) []string {
	t.Helper()
	data, err := b.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	var k types.Kustomization
	if err := k.Unmarshal(data); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return *k.CheckDeprecatedFields()
}
