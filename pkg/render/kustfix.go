package render

import (
	yaml "go.yaml.in/yaml/v3"
)

// fixDeprecated rewrites the deprecated fields of kustomization m into their current
// forms, in place, so kustomize has nothing to warn about on stderr (the warnings are
// reported as findings instead, see deprecations). Every rewrite keeps kustomize's
// output byte for byte: each field moves to the place kustomize itself gives it
// (FixKustomization) or to the transformer that runs in its stead at the same step.
// A field without such an exact form is left as it is, and kustomize still warns:
// vars (replacements resolve differently), and patchesJson6902 when a namespace,
// name prefix or suffix, label or annotation transformer of the same kustomization
// runs between the patches and the JSON patches. It reports whether m changed.
func fixDeprecated(m *yaml.Node) bool {
	if m.Kind != yaml.MappingNode {
		return false
	}
	changed := false
	for _, fix := range []func(*yaml.Node) bool{fixBases, fixImageTags, fixStrategicMerge, fixCommonLabels, fixJSON6902} {
		if fix(m) {
			changed = true
		}
	}
	return changed
}

// fixBases appends bases to resources, as kustomize's FixKustomization does.
func fixBases(m *yaml.Node) bool { return moveItems(m, "bases", "resources", false) }

// fixImageTags appends imageTags to images, as kustomize's FixKustomization does.
func fixImageTags(m *yaml.Node) bool { return moveItems(m, "imageTags", "images", false) }

// fixStrategicMerge turns each patchesStrategicMerge entry into a patches entry put
// before the existing ones: kustomize runs the strategic-merge patches first.
func fixStrategicMerge(m *yaml.Node) bool {
	val := value(m, "patchesStrategicMerge")
	if val == nil || val.Kind != yaml.SequenceNode {
		return false // an alias or a wrong type: kustomize reads it as it is
	}
	take(m, "patchesStrategicMerge")
	var entries []*yaml.Node
	for _, item := range val.Content {
		key := "path"
		if isInlinePatch(item.Value) {
			key = "patch" // kustomize first reads an entry as patch content
		}
		entries = append(entries, mapping(scalar(key), item)) // the entry node keeps its style
	}
	put(m, "patches", entries, true)
	return true
}

// fixCommonLabels turns commonLabels into a last labels entry that includes
// selectors: kustomize applies commonLabels after every labels entry, on the same
// fields.
func fixCommonLabels(m *yaml.Node) bool {
	val := value(m, "commonLabels")
	if val == nil || val.Kind != yaml.MappingNode {
		return false
	}
	take(m, "commonLabels")
	var entries []*yaml.Node
	if len(val.Content) > 0 {
		entries = append(entries, mapping(scalar("pairs"), val, scalar("includeSelectors"), scalarTag("true", "!!bool")))
	}
	put(m, "labels", entries, false)
	return true
}

// fixJSON6902 appends patchesJson6902 to patches when no transformer of this
// kustomization runs between the two (namespace, prefix, suffix, labels,
// annotations), so the JSON patches still apply at the same step.
func fixJSON6902(m *yaml.Node) bool {
	if value(m, "patchesJson6902") == nil {
		return false
	}
	for _, key := range []string{"namespace", "namePrefix", "nameSuffix", "labels", "commonLabels", "commonAnnotations"} {
		if value(m, key) != nil {
			return false
		}
	}
	return moveItems(m, "patchesJson6902", "patches", false)
}
