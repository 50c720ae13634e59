package render

import (
	"bytes"
	"reflect"
	"strings"

	yaml "go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/types"
)

// fixDeprecated rewrites the deprecated fields of kustomization m into their current
// forms, in place, so kustomize has nothing to warn about on stderr (the warnings are
// reported as findings instead, see deprecations). Every rewrite keeps kustomize's
// output byte for byte: each field moves to the place kustomize itself gives it
// (FixKustomization) or to the transformer that runs in its stead at the same step.
// A field without such an exact form is left as it is, and kustomize still warns:
// vars (replacements resolve differently), and patchesJson6902 when it can go neither
// to patches nor to transformers (see fixJSON6902). inline gives the patchesJson6902
// of m as inline transformer configs (nil: no exact form). It reports whether m changed.
func fixDeprecated(m *yaml.Node, inline func(*types.Kustomization) []string) bool {
	if m.Kind != yaml.MappingNode || foldedKey(m, "resources", "images", "patches", "labels") {
		return false
	}
	changed := false
	for _, fix := range []func(*yaml.Node) bool{fixBases, fixImageTags, fixStrategicMerge, fixCommonLabels} {
		if fix(m) {
			changed = true
		}
	}
	return fixJSON6902(m, inline) || changed
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
// annotations), so the JSON patches still apply at the same step. Otherwise it puts
// them first in transformers, as the inline configs inline gives (nil: no exact
// form), when no builtin step runs between the JSON patches and the transformers
// (replicas, images, replacements): kustomize runs its builtin steps, then the
// transformers in order, inline configs first, all in one pass. The decisions are
// taken on the kustomization as kustomize reads it (keys match in any case), and the
// rewrite is kept only when kustomize reads it back as exactly that change.
func fixJSON6902(m *yaml.Node, inline func(*types.Kustomization) []string) bool {
	val := value(m, "patchesJson6902")
	kz, ok := readKust(m)
	if val == nil || val.Kind != yaml.SequenceNode || !ok {
		return false
	}
	want := kz
	want.PatchesJson6902 = nil
	if !betweenJSON6902(&kz) {
		if len(kz.PatchesJson6902) > 0 {
			want.Patches = append(append([]types.Patch{}, kz.Patches...), kz.PatchesJson6902...)
		}
		return rewriteIf(m, "patches", val.Content, false, &want)
	}
	if afterJSON6902(&kz) || inline == nil {
		return false
	}
	configs := inline(&kz)
	if configs == nil {
		return false
	}
	var items []*yaml.Node
	for _, c := range configs {
		items = append(items, transformerItem(c))
	}
	if len(configs) > 0 {
		want.Transformers = append(append([]string{}, configs...), kz.Transformers...)
	}
	return rewriteIf(m, "transformers", items, true, &want)
}

// foldedKey reports whether m spells one of keys in other letter cases: kustomize
// reads keys in any case, so adding the key would give it twice (the last one wins).
func foldedKey(m *yaml.Node, keys ...string) bool {
	for i := 0; i+1 < len(m.Content); i += 2 {
		for _, key := range keys {
			if k := m.Content[i].Value; k != key && strings.EqualFold(k, key) {
				return true
			}
		}
	}
	return false
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

// rewriteIf moves patchesJson6902 out of m and items into the sequence of key, when
// kustomize reads the result as want.
func rewriteIf(m *yaml.Node, key string, items []*yaml.Node, first bool, want *types.Kustomization) bool {
	c := *m
	c.Content = append([]*yaml.Node(nil), m.Content...)
	take(&c, "patchesJson6902")
	put(&c, key, items, first)
	got, ok := readKust(&c)
	if !ok || !reflect.DeepEqual(&got, want) {
		return false
	}
	m.Content = c.Content
	return true
}

// readKust is kustomization m as kustomize reads it when served (encoded as
// kustReader.read encodes it).
func readKust(m *yaml.Node) (types.Kustomization, bool) {
	var kz types.Kustomization
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	err := enc.Encode(m)
	return kz, err == nil && kz.Unmarshal(b.Bytes()) == nil
}
