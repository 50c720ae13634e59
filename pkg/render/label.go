package render

// SetLabel sets metadata.labels[key] = value on every object (what a kustomize
// `labels:` entry without selectors or templates does) and returns, per earlier value
// that differed, the objects that had it.
func SetLabel(m Resources, key, value string) (map[string][]string, error) {
	previous := map[string][]string{}
	for _, r := range m.Resources() {
		labels := r.GetLabels()
		if old, ok := labels[key]; ok && old != value {
			previous[old] = append(previous[old], r.CurId().String())
		}
		if labels == nil {
			labels = map[string]string{}
		}
		labels[key] = value
		if err := r.SetLabels(labels); err != nil {
			return nil, err
		}
	}
	return previous, nil
}
