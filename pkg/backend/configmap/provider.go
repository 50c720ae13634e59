package configmap

import (
	"sort"

	"github.com/capirepo/capirepo/pkg/layout"
)

// providerKey groups ConfigMaps into one provider object.
type providerKey struct{ namespace, typeWord, name string }

// providers returns one operator provider object per provider (namespace, type, name)
// of cms: the kind for its type, in the ConfigMaps' namespace, spec.version the newest
// version (what the operator itself picks when spec.version is empty:
// getLatestVersion), and spec.fetchConfig.selector matching exactly this provider's
// ConfigMaps, one per version. Sorted by namespace, type, name.
func providers(cms []*ConfigMap) []*Provider {
	versions := map[providerKey][]string{}
	for _, cm := range cms {
		l := cm.Metadata.Labels
		if _, ok := layout.TypeOfOperatorWord(l[LabelType]); !ok || l[LabelName] == "" {
			continue // not a provider's ConfigMap
		}
		k := providerKey{cm.Metadata.Namespace, l[LabelType], l[LabelName]}
		versions[k] = append(versions[k], l[LabelVersion])
	}
	var out []*Provider
	for k, vs := range versions {
		out = append(out, providerObject(k, Newest(vs)))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Ref() < out[j].Ref() })
	return out
}

func providerObject(k providerKey, version string) *Provider {
	kind, _ := layout.TypeOfOperatorWord(k.typeWord)
	return &Provider{
		APIVersion: OperatorAPIVersion,
		Kind:       string(kind),
		Metadata:   Meta{Name: k.name, Namespace: k.namespace},
		Spec: ProviderSpec{Version: version, FetchConfig: &FetchConfig{
			Selector: &Selector{MatchLabels: map[string]string{LabelName: k.name, LabelType: k.typeWord}},
		}},
	}
}

// Newest is the highest SemVer version of vs (pre-releases below their release), as
// the operator's getLatestVersion ranks them; "" when none parses (layout.Newest).
func Newest(vs []string) string { return layout.Newest(vs).String() }
