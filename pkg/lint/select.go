package lint

import "strings"

// WithPrefix keeps the findings whose rule id starts with prefix (a rule family,
// such as "metadata-").
func (fs Findings) WithPrefix(prefix string) Findings {
	var out Findings
	for _, f := range fs {
		if strings.HasPrefix(f.Rule, prefix) {
			out = append(out, f)
		}
	}
	return out
}

// ValidFormat reports whether f is one of Formats.
func ValidFormat(f string) bool {
	for _, v := range Formats {
		if v == f {
			return true
		}
	}
	return false
}
