package render

// json6902Cases are patchesJson6902 that apply after a namespace, prefix, suffix,
// label or annotation transformer of their kustomization: served as inline
// transformer configs, or kept ("kept" in the name) when that is not exact.
var json6902Cases = map[string]map[string]string{
	"json6902 by path and inline after every name and label step": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: sample-system\nnamePrefix: sample-\nnameSuffix: -x\n" +
			"labels: [{pairs: {team: a}}]\ncommonLabels: {tier: z}\ncommonAnnotations: {note: x}\npatchesJson6902:\n" +
			"- target: {kind: Service, name: webhook}\n  path: json.yaml\n" +
			"- target: {group: apps, version: v1, kind: Deployment, name: manager}\n  patch: |-\n" +
			"    - {op: remove, path: /metadata/annotations/note}\n    - {op: replace, path: /metadata/name, value: renamed}\n" +
			"- target: {kind: Service, name: webhook}\n  patch: '[{\"op\": \"add\", \"path\": \"/metadata/labels/json\", \"value\": \"y\"}]'\n",
		"k/json.yaml": "- {op: replace, path: /metadata/namespace, value: other}\n- {op: remove, path: /metadata/labels/team}\n",
	},
	"json6902 target missing": {
		"k/kustomization.yaml": "resources: [../base]\nnamePrefix: p-\npatchesJson6902:\n- target: {kind: Service, name: nothere}\n  path: json.yaml\n",
		"k/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"json6902 failing on its target": {
		"k/kustomization.yaml": "resources: [../base]\nnameSuffix: -s\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n",
		"k/json.yaml":          "- {op: remove, path: /metadata/labels/nothere}\n",
	},
	"json6902 empty": {
		"k/kustomization.yaml": "resources: [../base]\ncommonAnnotations: {a: b}\npatchesJson6902: []\n",
	},
	"json6902 target by labels, no name (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamePrefix: p-\npatchesJson6902:\n- target: {kind: Service}\n  path: json.yaml\n",
		"k/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"json6902 patch file missing (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: nothere.yaml\n",
	},
	"json6902 patch not a patch (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  patch: '{op: x}'\n",
	},
	"json6902 with transformers": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\ntransformers:\n- t.yaml\n- |\n  apiVersion: builtin\n  kind: AnnotationsTransformer\n" +
			"  metadata: {name: inline}\n  annotations: {late: y}\n  fieldSpecs: [{path: metadata/annotations, create: true}]\n" +
			"patchesJson6902:\n- target: {kind: Service, name: webhook}\n  patch: '[{\"op\": \"add\", \"path\": \"/metadata/annotations\", \"value\": {\"json\": \"y\"}}, {\"op\": \"replace\", \"path\": \"/metadata/namespace\", \"value\": \"j\"}]'\n",
		"k/t.yaml": "apiVersion: builtin\nkind: PrefixTransformer\nmetadata: {name: file}\nprefix: t-\nfieldSpecs: [{path: metadata/name}]\n",
	},
	"json6902 with a transformer named like the served ones (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\ntransformers: [t.yaml]\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n",
		"k/t.yaml":             "apiVersion: builtin\nkind: PatchJson6902Transformer\nmetadata: {name: \"capirepo\\x2dpatchesjson6902-0\"}\ntarget: {kind: Service, name: webhook}\njsonOp: '[{\"op\": \"add\", \"path\": \"/spec/sessionAffinity\", \"value\": \"None\"}]'\n",
		"k/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"json6902 after a capitalised Namespace": {
		"k/kustomization.yaml": "resources: [../base]\nNamespace: ns\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n",
		"k/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"json6902 beside capitalised Transformers (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\nTransformers: [t.yaml]\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n",
		"k/t.yaml":             "apiVersion: builtin\nkind: PrefixTransformer\nmetadata: {name: file}\nprefix: t-\nfieldSpecs: [{path: metadata/name}]\n",
		"k/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"json6902 with images (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\nimages: [{name: controller, newTag: v1}]\npatchesJson6902:\n- target: {kind: Deployment, name: manager}\n  path: json.yaml\n",
		"k/json.yaml":          "- {op: replace, path: /spec/template/spec/containers/0/image, value: controller:v0}\n",
	},
	"json6902 with replicas (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\nreplicas: [{name: manager, count: 2}]\npatchesJson6902:\n- target: {kind: Deployment, name: manager}\n  path: json.yaml\n",
		"k/json.yaml":          "- {op: add, path: /spec/replicas, value: 5}\n",
	},
	"json6902 with replacements (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n" +
			"replacements:\n- source: {kind: Service, fieldPath: metadata.namespace}\n  targets: [{select: {kind: Deployment}, fieldPaths: [metadata.annotations.ns], options: {create: true}}]\n",
		"k/json.yaml": "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"json6902 outside the folder, root-only (kept)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: ../p/json.yaml\n",
		"p/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"json6902 outside the folder (none)": {
		"k/kustomization.yaml": "resources: [../base]\nnamespace: ns\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: ../p/json.yaml\n",
		"p/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"json6902 in a component": {
		"k/kustomization.yaml": "resources: [../base]\ncomponents: [c]\nnamespace: ns\n",
		"k/c/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nnamePrefix: c-\ncommonAnnotations: {c: x}\n" +
			"patchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n",
		"k/c/json.yaml": "- {op: remove, path: /metadata/annotations/c}\n",
	},
	"json6902 through a linked kustomization (kept)": {
		"k/kustomization.yaml":   "link:s/kustomization.yaml",
		"k/s/kustomization.yaml": "resources: [../base]\nnamespace: ns\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n",
		"k/s/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
	"json6902 through a linked kustomization (none, kept)": {
		"k/kustomization.yaml":   "link:s/kustomization.yaml",
		"k/s/kustomization.yaml": "resources: [../base]\nnamespace: ns\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n",
		"k/json.yaml":            "- {op: replace, path: /metadata/namespace, value: other}\n",
		"k/s/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other2}\n",
	},
	"json6902 under build metadata (kept)": {
		"k/kustomization.yaml":   "resources: [s]\nbuildMetadata: [originAnnotations, transformerAnnotations]\n",
		"k/s/kustomization.yaml": "resources: [../../base]\nnamespace: ns\npatchesJson6902:\n- target: {kind: Service, name: webhook}\n  path: json.yaml\n",
		"k/s/json.yaml":          "- {op: replace, path: /metadata/namespace, value: other}\n",
	},
}
