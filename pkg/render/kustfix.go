package render

import (
	yaml "go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/types"
)

// fixDeprecated rewrites the deprecated fields of kustomization m into their current
// forms, in place, so kustomize has nothing to warn about on stderr (the warnings are
// reported as findings instead, see deprecations). Every rewrite keeps kustomize's
// output byte for byte: each field moves to the place kustomize itself gives it
// (FixKustomization) or to the transformer that runs in its stead at the same step,
// and each is kept only when kustomize reads the rewritten file as exactly that
// change (verifiedFix). A field without such an exact form is left as it is, and
// kustomize still warns: vars (replacements resolve differently), patchesJson6902
// when it can go neither to patches nor to transformers (see fixJSON6902), and any
// field whose rewrite kustomize would read otherwise (a key also spelt in other
// letter cases, an alias moved before its anchor). inline gives the patchesJson6902
// of m as inline transformer configs (nil: no exact form). It reports whether m changed.
func fixDeprecated(m *yaml.Node, inline func(*types.Kustomization) []string) bool {
	if m.Kind != yaml.MappingNode {
		return false
	}
	json6902 := func(c *yaml.Node, kz *types.Kustomization) bool { return fixJSON6902(c, kz, inline) }
	var fixes []kustFix
	for _, f := range []struct {
		key string
		fix kustFix
	}{{"bases", fixBases}, {"imageTags", fixImageTags}, {"patchesStrategicMerge", fixStrategicMerge},
		{"commonLabels", fixCommonLabels}, {"patchesJson6902", json6902}} {
		if value(m, f.key) != nil {
			fixes = append(fixes, f.fix)
		}
	}
	if len(fixes) == 0 {
		return false
	}
	kz, ok := readKust(m)
	if !ok {
		return false // kustomize reports the error itself
	}
	if _, fixed := verifiedFix(m, kz, fixes...); fixed || len(fixes) == 1 {
		return fixed // all at once (the usual case), else each on its own
	}
	changed := false
	for _, fix := range fixes {
		after, fixed := verifiedFix(m, kz, fix)
		kz, changed = after, changed || fixed
	}
	return changed
}

// fixBases appends bases to resources, as kustomize's FixKustomization does.
func fixBases(c *yaml.Node, kz *types.Kustomization) bool {
	if !moveItems(c, "bases", "resources", false) {
		return false
	}
	kz.Resources, kz.Bases = append(kz.Resources, kz.Bases...), nil
	return true
}

// fixImageTags appends imageTags to images, as kustomize's FixKustomization does.
func fixImageTags(c *yaml.Node, kz *types.Kustomization) bool {
	if !moveItems(c, "imageTags", "images", false) {
		return false
	}
	kz.Images, kz.ImageTags = append(kz.Images, kz.ImageTags...), nil
	return true
}

// fixStrategicMerge turns each patchesStrategicMerge entry into a patches entry put
// before the existing ones: kustomize runs the strategic-merge patches first. An entry
// that reads as YAML objects is patch content (kustomize tries that first), else a path.
func fixStrategicMerge(c *yaml.Node, kz *types.Kustomization) bool {
	val := value(c, "patchesStrategicMerge")
	if val == nil || val.Kind != yaml.SequenceNode {
		return false // an alias or a wrong type: kustomize reads it as it is
	}
	var smp []types.Patch
	for _, s := range kz.PatchesStrategicMerge {
		if isInlinePatch(string(s)) {
			smp = append(smp, types.Patch{Patch: string(s)})
		} else {
			smp = append(smp, types.Patch{Path: string(s)})
		}
	}
	if len(smp) > 0 {
		kz.Patches = append(smp, kz.Patches...)
	}
	kz.PatchesStrategicMerge = nil
	take(c, "patchesStrategicMerge")
	var entries []*yaml.Node
	for _, item := range val.Content {
		key := "path"
		if isInlinePatch(item.Value) {
			key = "patch"
		}
		entries = append(entries, mapping(scalar(key), item)) // the entry node keeps its style
	}
	put(c, "patches", entries, true)
	return true
}

// fixCommonLabels turns commonLabels into a last labels entry that includes
// selectors: kustomize applies commonLabels after every labels entry, on the same
// fields.
func fixCommonLabels(c *yaml.Node, kz *types.Kustomization) bool {
	val := value(c, "commonLabels")
	if val == nil || val.Kind != yaml.MappingNode {
		return false
	}
	if len(kz.CommonLabels) > 0 {
		kz.Labels = append(kz.Labels, types.Label{Pairs: kz.CommonLabels, IncludeSelectors: true})
	}
	kz.CommonLabels = nil
	take(c, "commonLabels")
	var entries []*yaml.Node
	if len(val.Content) > 0 {
		entries = append(entries, mapping(scalar("pairs"), val, scalar("includeSelectors"), scalarTag("true", "!!bool")))
	}
	put(c, "labels", entries, false)
	return true
}

// fixJSON6902 appends patchesJson6902 to patches when no transformer of this
// kustomization runs between the two (namespace, prefix, suffix, labels,
// annotations), so the JSON patches still apply at the same step. Otherwise it puts
// them first in transformers, as the inline configs inline gives (nil: no exact
// form), when no builtin step runs between the JSON patches and the transformers
// (replicas, images, replacements): kustomize runs its builtin steps, then the
// transformers in order, inline configs first, all in one pass. The decisions are
// taken on kz, the kustomization as kustomize reads it (keys match in any case).
func fixJSON6902(c *yaml.Node, kz *types.Kustomization, inline func(*types.Kustomization) []string) bool {
	val := value(c, "patchesJson6902")
	if val == nil || val.Kind != yaml.SequenceNode {
		return false
	}
	key, items, first := "patches", val.Content, false
	if !betweenJSON6902(kz) {
		if len(kz.PatchesJson6902) > 0 {
			kz.Patches = append(kz.Patches, kz.PatchesJson6902...)
		}
	} else {
		if afterJSON6902(kz) || inline == nil {
			return false
		}
		configs := inline(kz)
		if configs == nil {
			return false
		}
		key, items, first = "transformers", nil, true
		for _, cfg := range configs {
			items = append(items, transformerItem(cfg))
		}
		if len(configs) > 0 {
			kz.Transformers = append(configs, kz.Transformers...)
		}
	}
	kz.PatchesJson6902 = nil
	take(c, "patchesJson6902")
	put(c, key, items, first)
	return true
}

// betweenJSON6902 reports whether a builtin step of kz runs between its patches and
// its JSON patches (kustomize skips each step that has nothing to do).
func betweenJSON6902(kz *types.Kustomization) bool {
	return kz.Namespace != "" || kz.NamePrefix != "" || kz.NameSuffix != "" || len(kz.Labels) > 0 ||
		len(kz.CommonLabels) > 0 || len(kz.CommonAnnotations) > 0
}

// afterJSON6902 reports whether a builtin step of kz runs between its JSON patches and
// its transformers.
func afterJSON6902(kz *types.Kustomization) bool {
	return len(kz.Replicas) > 0 || len(kz.Images) > 0 || len(kz.ImageTags) > 0 || len(kz.Replacements) > 0
}
