package manifest

import "strings"

// Object is a decoded Kubernetes object.
type Object map[string]any

// APIVersion returns apiVersion.
func (o Object) APIVersion() string { return o.String("apiVersion") }

// Kind returns kind.
func (o Object) Kind() string { return o.String("kind") }

// Name returns metadata.name.
func (o Object) Name() string { return o.String("metadata", "name") }

// Namespace returns metadata.namespace.
func (o Object) Namespace() string { return o.String("metadata", "namespace") }

// Group returns the API group of apiVersion ("" for the core group).
func (o Object) Group() string {
	g, _, ok := strings.Cut(o.APIVersion(), "/")
	if !ok {
		return ""
	}
	return g
}

// Version returns the version part of apiVersion.
func (o Object) Version() string {
	av := o.APIVersion()
	if i := strings.LastIndex(av, "/"); i >= 0 {
		return av[i+1:]
	}
	return av
}

// Ref names the object for messages: "Deployment foo-system/foo-controller".
func (o Object) Ref() string {
	n := o.Name()
	if ns := o.Namespace(); ns != "" {
		n = ns + "/" + n
	}
	return o.Kind() + " " + n
}

// Get walks nested maps; it returns nil when a step is missing or not a map.
func (o Object) Get(path ...string) any {
	var cur any = map[string]any(o)
	for _, p := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[p]
	}
	return cur
}

// String returns the string at path, or "".
func (o Object) String(path ...string) string {
	s, _ := o.Get(path...).(string)
	return s
}

// Map returns the map at path, or nil.
func (o Object) Map(path ...string) map[string]any {
	m, _ := o.Get(path...).(map[string]any)
	return m
}

// Slice returns the list at path, or nil.
func (o Object) Slice(path ...string) []any {
	s, _ := o.Get(path...).([]any)
	return s
}

// StringMap returns the string values of the map at path (labels, annotations).
func (o Object) StringMap(path ...string) map[string]string {
	out := map[string]string{}
	for k, v := range o.Map(path...) {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}
