package install

import (
	"regexp"
	"slices"
	"strings"
)

// invalidField matches a field a validation error names: `… is invalid: [a.b: msg,
// c.d: msg, <nil>: …]` or `… is invalid: a.b: msg` (<nil>, a rule not checked, is no
// field).
var invalidField = regexp.MustCompile(`(?:^|\[|, )([A-Za-z0-9_][A-Za-z0-9_.\[\]-]*): `)

func invalidFields(msg string) []string {
	_, list, ok := strings.Cut(msg, "is invalid: ")
	if !ok {
		return nil
	}
	var out []string
	for _, m := range invalidField.FindAllStringSubmatch(list, -1) {
		out = append(out, m[1])
	}
	return out
}

var varName = regexp.MustCompile(`^\$\{\s*([A-Za-z_][A-Za-z0-9_]*)`)

// placeholderCause returns the variables capirepo gave a placeholder (made-up) value
// whose fields a dry-run refusal names, when every invalid field it names holds one:
// then the API server refused capirepo's value, which proves nothing of the release.
// Any other field, an unknown field, or a field not found in the template gives nil.
func placeholderCause(files map[string][]byte, template string, ref Refusal, placeholders []string) []string {
	fields := invalidFields(ref.Message)
	if len(fields) == 0 || len(placeholders) == 0 {
		return nil
	}
	_, doc, originals := locateDoc(files, template, ref)
	if doc == nil {
		return nil
	}
	var vars []string
	for _, field := range fields {
		n := doc
		for _, seg := range segments(field) {
			if n, _ = step(n, seg); n == nil {
				return nil
			}
		}
		found := false
		for token, text := range originals {
			m := varName.FindStringSubmatch(text)
			if m != nil && strings.Contains(n.Value, token) && slices.Contains(placeholders, m[1]) {
				vars, found = append(vars, m[1]), true
			}
		}
		if !found {
			return nil
		}
	}
	slices.Sort(vars)
	return slices.Compact(vars)
}
