package install

import (
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/variables"
	"go.yaml.in/yaml/v3"
)

// placeholderCause returns the variables capirepo gave a placeholder (made-up) value
// whose fields a dry-run refusal names, when every invalid field it names holds one:
// then the API server refused capirepo's value, which proves nothing of the release.
// doc is the refused object's document (locateDoc) with its variables' texts by
// placeholder; any other field, an unknown field, or a field not in doc gives nil.
func placeholderCause(doc *yaml.Node, originals map[string]string, msg string, placeholders []string) []string {
	fields := invalidFields(msg)
	if doc == nil || len(fields) == 0 || len(placeholders) == 0 {
		return nil
	}
	var vars []string
	for _, field := range fields {
		n, _, whole := walkPath(doc, field)
		if !whole {
			return nil
		}
		found := false
		for token, text := range originals {
			if name := varOf(text); name != "" && strings.Contains(n.Value, token) && slices.Contains(placeholders, name) {
				vars, found = append(vars, name), true
			}
		}
		if !found {
			return nil
		}
	}
	slices.Sort(vars)
	return slices.Compact(vars)
}

// varOf is the name of the variable a ${...} text uses (clusterctl's parser), or "".
func varOf(text string) string {
	uses, err := variables.Scan([]byte(text))
	if err != nil || len(uses) == 0 {
		return ""
	}
	return uses[0].Name
}
