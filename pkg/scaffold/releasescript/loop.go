package releasescript

import (
	"path"
	"regexp"
	"strings"
)

// Loop is a build line whose folder or output name holds a variable: a script
// loop over flavor folders (for name in templates/flavors/*; kustomize build ...).
type Loop struct{ Dir, Flavor, At string }

var loopVar = regexp.MustCompile(`\$(?:\{[A-Za-z_][A-Za-z0-9_]*\}|\([A-Za-z_][A-Za-z0-9_]*\)|[A-Za-z_][A-Za-z0-9_]*)`)

// Pattern matches the folders the loop builds; prefix is its fixed part.
func (l Loop) Pattern() (*regexp.Regexp, string) {
	var b strings.Builder
	last := 0
	for _, m := range loopVar.FindAllStringIndex(l.Dir, -1) {
		b.WriteString(regexp.QuoteMeta(l.Dir[last:m[0]]))
		b.WriteString(`[^/]+`)
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(l.Dir[last:]))
	prefix := l.Dir
	if i := strings.Index(l.Dir, "$"); i >= 0 {
		prefix = strings.TrimSuffix(path.Dir(l.Dir[:i]+"x"), "/")
	}
	return regexp.MustCompile("^" + b.String() + "$"), prefix
}
