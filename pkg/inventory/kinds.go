package inventory

import (
	"cmp"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// kindsOf lists the kinds a document uses (File is set by its file): its own, and every
// reference inside it (a mapping with kind and apiVersion, or kind and apiGroup as
// v1beta2 references are written), unique and sorted. Values holding a ${VAR} are not
// kinds yet and are skipped.
func kindsOf(obj manifest.Object) []KindUse {
	seen := map[KindUse]bool{}
	if k := (KindUse{APIVersion: obj.APIVersion(), Kind: obj.Kind()}); usable(k) {
		seen[k] = true
	}
	walkRefs(map[string]any(obj), true, seen)
	out := make([]KindUse, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b KindUse) int {
		return cmp.Or(strings.Compare(a.Kind, b.Kind), strings.Compare(a.APIVersion, b.APIVersion),
			strings.Compare(a.APIGroup, b.APIGroup), cmpBool(a.Ref, b.Ref))
	})
	return out
}

func walkRefs(v any, root bool, seen map[KindUse]bool) {
	switch v := v.(type) {
	case map[string]any:
		if !root {
			kind, _ := v["kind"].(string)
			av, _ := v["apiVersion"].(string)
			group, _ := v["apiGroup"].(string)
			if k := (KindUse{APIVersion: av, APIGroup: group, Kind: kind, Ref: true}); usable(k) {
				seen[k] = true
			}
		}
		for _, c := range v {
			walkRefs(c, false, seen)
		}
	case []any:
		for _, c := range v {
			walkRefs(c, false, seen)
		}
	}
}

func usable(k KindUse) bool {
	return k.Kind != "" && (k.APIVersion != "" || k.APIGroup != "") &&
		!strings.Contains(k.Kind+k.APIVersion+k.APIGroup, "${")
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case b:
		return -1
	}
	return 1
}
