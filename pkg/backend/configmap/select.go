package configmap

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/layout"
)

// selected returns the ConfigMaps the operator lists for p, by version, checking each
// as configmapRepository does: a SemVer version (label, else name), a metadata key and
// readable components.
func (c *Contents) selected(p *Provider) (map[string]Found[ConfigMap], error) {
	sel := selector(p)
	found := map[string]Found[ConfigMap]{}
	for _, f := range c.ConfigMaps {
		cm := f.Obj
		if cm.Metadata.Namespace != p.Metadata.Namespace || !sel.Matches(cm.Metadata.Labels) {
			continue
		}
		v, from := cm.Metadata.Name, "its name"
		if l, ok := cm.Metadata.Labels[LabelVersion]; ok {
			v, from = l, "the label "+LabelVersion
		}
		if !layout.IsVersion(v) {
			return nil, fmt.Errorf("%s %s: version %q (from %s) is not SemVer: the operator stops at this ConfigMap", f.Where, cm.Ref(), v, from)
		}
		if _, ok := cm.Data[KeyMetadata]; !ok {
			return nil, fmt.Errorf("%s %s has no data.metadata: the operator stops at this ConfigMap", f.Where, cm.Ref())
		}
		if _, err := Components(cm); err != nil {
			return nil, fmt.Errorf("%s %s: %w: the operator stops at this ConfigMap", f.Where, cm.Ref(), err)
		}
		if prev, ok := found[v]; ok {
			return nil, fmt.Errorf("%s %s and %s %s both hold version %s: the operator keeps only one of them", prev.Where, prev.Obj.Ref(), f.Where, cm.Ref(), v)
		}
		found[v] = f
	}
	if len(found) == 0 {
		return nil, fmt.Errorf("no ConfigMap in namespace %s matches its selector %v: the operator reports \"no ConfigMaps found\"", p.Metadata.Namespace, sel.MatchLabels)
	}
	return found, nil
}

// selector is the provider's fetchConfig.selector, else the operator's default labels
// for its spec.version (ProviderLabels).
func selector(p *Provider) *Selector {
	if fc := p.Spec.FetchConfig; fc != nil && fc.Selector != nil {
		return fc.Selector
	}
	return &Selector{MatchLabels: map[string]string{
		LabelVersion: p.Spec.Version,
		LabelType:    layout.OperatorType(layout.Type(p.Kind)),
		LabelName:    p.Metadata.Name,
		LabelManaged: "true",
	}}
}

// Components returns the components the operator reads from cm (getComponentsData):
// data.components, or binaryData.components gunzipped when the compressed annotation
// is "true".
func Components(cm *ConfigMap) ([]byte, error) {
	if !cm.Compressed() {
		c, ok := cm.Data[KeyComponents]
		if !ok {
			return nil, fmt.Errorf("data has no components")
		}
		return []byte(c), nil
	}
	z, ok := cm.BinaryData[KeyComponents]
	if !ok {
		return nil, fmt.Errorf("it is marked %s: \"true\" but binaryData has no components", AnnotationCompressed)
	}
	out, err := decompress(z)
	if err != nil {
		return nil, fmt.Errorf("binaryData.components: %w", err)
	}
	return out, nil
}
