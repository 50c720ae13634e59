package variables

import (
	"reflect"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// sameRendered reports whether two occurrences whose defaults differ as text render
// the same YAML value, as clusterctl writes them: `port: "${P:=6443}"` and
// `port: ${P:="6443"}` both become the string 6443. Only an occurrence that is the
// whole scalar (plain or quoted) is compared this way; inside longer text the
// defaults are compared as written.
func sameRendered(src *source, head, u Use) bool {
	a, ok := renderedScalar(src, head)
	if !ok {
		return false
	}
	b, ok := renderedScalar(src, u)
	return ok && reflect.DeepEqual(a, b)
}

// renderedScalar decodes the scalar u's line holds once u is replaced by its default.
func renderedScalar(src *source, u Use) (any, bool) {
	val := scalarText(src.lineText(u.Line))
	quote := ""
	if len(val) >= 2 && (val[0] == '"' || val[0] == '\'') && val[len(val)-1] == val[0] {
		quote, val = val[:1], val[1:len(val)-1]
	}
	if !strings.HasPrefix(val, "${") || strings.Index(val[1:], "${") >= 0 || !strings.HasSuffix(val, "}") {
		return nil, false
	}
	var v any
	if err := yaml.Unmarshal([]byte(quote+u.Default+quote), &v); err != nil {
		return nil, false
	}
	return v, true
}

// scalarText is the value of a "key: value" or "- value" line, comments dropped
// only after a closing brace so "#" inside the default survives.
func scalarText(line string) string {
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "- ") {
		t = strings.TrimSpace(t[2:])
	} else if i := strings.Index(t, ": "); i >= 0 && !strings.HasPrefix(t, "${") && !strings.HasPrefix(t, "\"") {
		t = strings.TrimSpace(t[i+2:])
	}
	if i := strings.LastIndex(t, " #"); i >= 0 && strings.LastIndex(t, "}") < i {
		t = strings.TrimSpace(t[:i])
	}
	return t
}
