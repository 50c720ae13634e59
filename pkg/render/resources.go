package render

import "sigs.k8s.io/kustomize/api/resource"

// Resources is what a render produced, in output order. A kustomize ResMap is one;
// File returns a plain list when it rendered a large file in parts.
type Resources interface {
	Resources() []*resource.Resource
}

// list is rendered resources gathered from several kustomize runs.
type list []*resource.Resource

// Resources returns a copy of the list, as a ResMap does.
func (l list) Resources() []*resource.Resource { return append([]*resource.Resource(nil), l...) }
