package contract

import (
	"sort"
	"strings"
)

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// versionList returns the CRD's version names, sorted and comma-separated.
func versionList(c crd) string {
	var vs []string
	for v := range c.versions {
		vs = append(vs, v)
	}
	sort.Strings(vs)
	return strings.Join(vs, ", ")
}

// latest returns the storage version if known, else the last listed version.
func latest(c crd) string {
	last := ""
	for _, v := range c.doc.Obj.Slice("spec", "versions") {
		m, _ := v.(map[string]any)
		name, _ := m["name"].(string)
		if stored, _ := m["storage"].(bool); stored {
			return name
		}
		last = name
	}
	return orDefault(last, orDefault(c.doc.Obj.String("spec", "version"), "v1beta1"))
}
