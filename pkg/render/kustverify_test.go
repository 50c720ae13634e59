package render

import (
	"testing"

	yaml "go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/types"
)

const verifyConfigMap = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: extra}\n"

const verifySMP = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: manager, namespace: system}\nspec: {paused: true}\n"

// verifyCases would trip a fix that did not check how kustomize reads its rewrite:
// aliases, styles, duplicates, empty values and keys in other letter cases. Each
// builds the same fixed, or is kept ("kept": one deprecated field left).
var verifyCases = map[string]map[string]string{
	"bases entry anchored, its alias before resources (kept)": {
		"k/kustomization.yaml": "bases: [&b ../base]\ncommonAnnotations: {from: *b}\n",
	},
	"commonLabels anchored, its alias before labels (kept)": {
		"k/kustomization.yaml": "resources: [../base]\ncommonLabels: &l {tier: z}\ncommonAnnotations: *l\n",
	},
	"commonLabels an alias (kept)": {
		"k/kustomization.yaml": "resources: [../base]\ncommonAnnotations: &l {tier: z}\ncommonLabels: *l\n",
	},
	"commonLabels merging an anchor": {
		"k/kustomization.yaml": "resources: [../base]\ncommonAnnotations: &a {tier: z}\ncommonLabels: {<<: *a, app: x}\n",
	},
	"patchesStrategicMerge alias moved before its anchor (kept)": {
		"k/kustomization.yaml": "resources: [../base]\npatches:\n- path: json.yaml\n  target: {kind: Deployment}\n" +
			"commonAnnotations: {file: &f smp.yaml}\npatchesStrategicMerge: [*f]\n",
		"k/smp.yaml":  verifySMP,
		"k/json.yaml": "- {op: add, path: /spec/replicas, value: 4}\n",
	},
	"block bases into flow resources": {
		"k/kustomization.yaml": "resources: [svc.yaml]\nbases:\n- ../base\n",
		"k/svc.yaml":           verifyConfigMap,
	},
	"block commonLabels into flow labels": {
		"k/kustomization.yaml": "resources: [../base]\nlabels: [{pairs: {team: a}}]\ncommonLabels:\n  tier: z\n  app: x\n",
	},
	"literal inline patchesStrategicMerge into flow patches": {
		"k/kustomization.yaml": "resources: [../base]\npatches: [{path: json.yaml, target: {kind: Deployment}}]\n" +
			"patchesStrategicMerge:\n- |\n  apiVersion: apps/v1\n  kind: Deployment\n  metadata: {name: manager, namespace: system}\n  spec: {paused: true}\n",
		"k/json.yaml": "- {op: add, path: /spec/replicas, value: 4}\n",
	},
	"flow imageTags into block images": {
		"k/kustomization.yaml": "resources: [../base]\nimages:\n- name: other\n  newTag: v2\nimageTags: [{name: controller, newTag: v1}]\n",
	},
	"a resources entry also in bases": {
		"k/kustomization.yaml": "resources: [../base]\nbases: [../base]\n",
	},
	"patchesStrategicMerge entry twice": {
		"k/kustomization.yaml": "resources: [../base]\npatchesStrategicMerge: [smp.yaml, smp.yaml]\n",
		"k/smp.yaml":           verifySMP,
	},
	"empty bases, imageTags and patchesStrategicMerge": {
		"k/kustomization.yaml": "resources: [../base]\nbases: []\nimageTags: []\npatchesStrategicMerge: []\n",
	},
	"empty and null label values": {
		"k/kustomization.yaml": "resources: [../base]\ncommonLabels: {tier: \"\", app: }\n",
	},
	"an empty bases entry": {
		"k/kustomization.yaml": "resources: [../base]\nbases: [\"\"]\n",
	},
	"bases beside capitalised Bases (kept)": {
		"k/kustomization.yaml": "bases: [../base]\nBases: [svc.yaml]\n",
		"k/svc.yaml":           verifyConfigMap,
	},
	"commonLabels beside capitalised Labels (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nLabels: [{pairs: {team: a}}]\ncommonLabels: {tier: z}\n",
	},
	"patchesStrategicMerge beside capitalised Patches (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nPatches: [{path: json.yaml, target: {kind: Deployment}}]\npatchesStrategicMerge: [smp.yaml]\n",
		"k/smp.yaml":           verifySMP,
		"k/json.yaml":          "- {op: add, path: /spec/replicas, value: 4}\n",
	},
	"imageTags beside capitalised Images (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nImages: [{name: other, newTag: v2}]\nimageTags: [{name: controller, newTag: v1}]\n",
	},
	"capitalised Resources kept, commonLabels fixed (kept)": {
		"k/kustomization.yaml": "Resources: [svc.yaml]\nbases: [../base]\ncommonLabels: {tier: z}\n",
		"k/svc.yaml":           verifyConfigMap,
	},
}

// TestVerifiedFixRefusesAWrongClaim: a fix whose rewrite kustomize reads otherwise
// than the fix says leaves the kustomization as it was.
func TestVerifiedFixRefusesAWrongClaim(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("resources: [a]\nbases: [b]\n"), &doc); err != nil {
		t.Fatal(err)
	}
	m := doc.Content[0]
	before := len(m.Content)
	kz, ok := readKust(m)
	if !ok {
		t.Fatal("kustomize cannot read the kustomization")
	}
	reversed := func(c *yaml.Node, kz *types.Kustomization) bool {
		kz.Resources, kz.Bases = append(kz.Bases, kz.Resources...), nil // b first: not what the rewrite gives
		return moveItems(c, "bases", "resources", false)
	}
	if _, fixed := verifiedFix(m, kz, reversed); fixed || len(m.Content) != before || value(m, "bases") == nil {
		t.Fatalf("a wrong claim was applied: %d keys, bases %v", len(m.Content), value(m, "bases"))
	}
	if _, fixed := verifiedFix(m, kz, fixBases); !fixed || value(m, "bases") != nil || len(value(m, "resources").Content) != 2 {
		t.Fatal("fixBases was not applied")
	}
}
