package install

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/variables"
	"go.yaml.in/yaml/v3"
	k8syaml "sigs.k8s.io/yaml"
)

// Schemas are the openAPIV3Schemas of a release's CRDs by apiVersion and kind
// (group/version Kind), read once for every flavor.
type Schemas map[string]map[string]any

// ReadSchemas reads the CRDs of the release's components files.
func ReadSchemas(files map[string][]byte) Schemas {
	out := Schemas{}
	for _, name := range sortedNames(files) {
		if layout.FileKind(name) != layout.KindComponents {
			continue
		}
		for _, doc := range documents(string(files[name])) {
			if !strings.Contains(doc, "kind: CustomResourceDefinition") {
				continue
			}
			var crd struct {
				Kind string `json:"kind"`
				Spec struct {
					Group string `json:"group"`
					Names struct {
						Kind string `json:"kind"`
					} `json:"names"`
					Versions []struct {
						Name   string `json:"name"`
						Schema struct {
							OpenAPIV3Schema map[string]any `json:"openAPIV3Schema"`
						} `json:"schema"`
					} `json:"versions"`
				} `json:"spec"`
			}
			if k8syaml.Unmarshal([]byte(doc), &crd) != nil || crd.Kind != "CustomResourceDefinition" {
				continue
			}
			for _, v := range crd.Spec.Versions {
				out[crd.Spec.Group+"/"+v.Name+" "+crd.Spec.Names.Kind] = v.Schema.OpenAPIV3Schema
			}
		}
	}
	return out
}

// fit is a placeholder chosen from a field's schema, and why.
type fit struct{ value, why string }

// fits finds, for each variable of vars used as the whole value of a field of an
// object in data, a value its CRD's schema accepts where the schema says what that is
// (enum, format, type, maxLength); the first such field of a variable wins.
func (s Schemas) fits(data []byte, vars map[string]bool) map[string]fit {
	out := map[string]fit{}
	if len(s) == 0 || len(vars) == 0 {
		return out
	}
	text, originals, err := variables.Placeholders(data)
	if err != nil {
		return out
	}
	dec := yaml.NewDecoder(strings.NewReader(text))
	for {
		var doc yaml.Node
		if dec.Decode(&doc) != nil {
			return out
		}
		if len(doc.Content) == 0 {
			continue
		}
		root := doc.Content[0]
		api, kind := child(root, "apiVersion"), child(root, "kind")
		if api == nil || kind == nil {
			continue
		}
		schema := s[api.Value+" "+kind.Value]
		if schema == nil {
			continue
		}
		walkScalars(root, nil, func(n *yaml.Node, path []string) {
			text, whole := originals[n.Value]
			if !whole { // the variable is the field's whole value
				return
			}
			name := varOf(text)
			if _, done := out[name]; done || !vars[name] {
				return
			}
			if f, ok := fitSchema(subSchema(schema, path)); ok {
				f.why = fmt.Sprintf("%s at %s %s", f.why, kind.Value, strings.ReplaceAll(strings.Join(path, "."), ".[", "["))
				out[name] = f
			}
		})
	}
}

// walkScalars calls f with every scalar node below n and its path.
func walkScalars(n *yaml.Node, path []string, f func(*yaml.Node, []string)) {
	switch n.Kind {
	case yaml.ScalarNode:
		f(n, path)
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			walkScalars(n.Content[i+1], append(path[:len(path):len(path)], n.Content[i].Value), f)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			walkScalars(c, append(path[:len(path):len(path)], "["+strconv.Itoa(i)+"]"), f)
		}
	}
}

// subSchema walks a schema down a path: properties (or additionalProperties) for a
// key, items for an index.
func subSchema(s map[string]any, path []string) map[string]any {
	for _, seg := range path {
		if s == nil {
			return nil
		}
		if strings.HasPrefix(seg, "[") {
			s, _ = s["items"].(map[string]any)
			continue
		}
		props, _ := s["properties"].(map[string]any)
		if p, ok := props[seg].(map[string]any); ok {
			s = p
			continue
		}
		s, _ = s["additionalProperties"].(map[string]any)
	}
	return s
}

// formats are values of the string formats the API server checks.
var formats = map[string]string{
	"uuid": "123e4567-e89b-42d3-a456-426614174000", "ipv4": "10.0.0.1", "ipv6": "fd00::1",
	"cidr": "10.0.0.0/16", "date-time": "2026-01-01T00:00:00Z", "date": "2026-01-01",
	"byte": "cGxhY2Vob2xkZXI=", "email": "placeholder@example.com", "uri": "https://placeholder.example",
}

// fitSchema is a value the schema accepts, where it says what one is.
func fitSchema(s map[string]any) (fit, bool) {
	if s == nil {
		return fit{}, false
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return fit{fmt.Sprint(enum[0]), "the CRD's first enum value"}, true
	}
	switch s["type"] {
	case "integer", "number":
		return fit{"1", "the CRD's type " + fmt.Sprint(s["type"])}, true
	case "boolean":
		return fit{"false", "the CRD's type boolean"}, true
	}
	if f, ok := s["format"].(string); ok && formats[f] != "" {
		return fit{formats[f], "the CRD's format " + f}, true
	}
	if m, ok := s["maxLength"].(float64); ok && m >= 1 && int(m) < len("placeholder") {
		return fit{strings.Repeat("p", int(m)), fmt.Sprintf("the CRD's maxLength %d", int(m))}, true
	}
	return fit{}, false
}
