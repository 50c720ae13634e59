package manifest

import (
	"strings"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
)

// PlainString reports a one-line plain scalar that YAML reads as this very string
// (conservatively: false means "not sure").
func PlainString(v string) bool {
	if v == "" || !(v[0] >= 'a' && v[0] <= 'z' || v[0] >= 'A' && v[0] <= 'Z') || strings.ContainsAny(v, "\t\r#") ||
		strings.Contains(v, ": ") || strings.HasSuffix(v, ":") {
		return false
	}
	return !reservedWord(v)
}

// reservedWord reports the words YAML 1.1 or 1.2 read as a boolean or null, in any
// letter case (strings.ToLower without its copy).
func reservedWord(key string) bool {
	for _, w := range []string{"true", "false", "null", "yes", "no", "on", "off", "y", "n"} {
		if strings.EqualFold(key, w) {
			return true
		}
	}
	return false
}

// Indentation is the number of spaces a line starts with.
func Indentation(line []byte) int { return crdfast.Indentation(line) }

// Literal reads a literal block scalar's lines, as yaml.v3 does, or ok is false.
func Literal(body []byte, clip bool) (string, bool) { return crdfast.Literal(body, clip) }
