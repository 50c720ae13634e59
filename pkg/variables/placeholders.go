package variables

import (
	"fmt"
	"strings"
)

// Placeholders returns the text clusterctl substitutes (legacy spacing normalised,
// as clusterctl does first) with a value for every top-level ${...} that keeps the
// YAML structure, so a template that is YAML only once variables have values parses
// without choosing them: a variable alone on its line (a block injected there, such as
// ${EXTRA_CONFIG}) becomes empty, any other a placeholder of letters and digits, which
// YAML reads as a plain scalar in block and flow context (`[${KEYS}]`, `${K}: ${V}`).
// originals maps each placeholder to the variable's text. Every line keeps its number;
// a variable spanning lines, or text clusterctl cannot parse, gives an error.
func Placeholders(data []byte) (text string, originals map[string]string, err error) {
	norm := Normalise(string(data))
	if i := strings.IndexByte(norm, 0); i >= 0 {
		return "", nil, fmt.Errorf("NUL byte at offset %d", i)
	}
	originals = map[string]string{}
	prefix := placeholderPrefix(norm)
	var b strings.Builder
	last := 0
	for i := 0; i < len(norm); {
		j := strings.IndexByte(norm[i:], '$')
		if j < 0 {
			break
		}
		i += j
		switch {
		case strings.HasPrefix(norm[i:], "$$"):
			i += 2
			continue
		case !strings.HasPrefix(norm[i:], "${"):
			i++
			continue
		}
		end, _, err := funcEnd(norm, i, true)
		if err != nil {
			return "", nil, err
		}
		if strings.Contains(norm[i:end], "\n") {
			return "", nil, fmt.Errorf("variable %s spans lines", snippet(norm[i:end]))
		}
		b.WriteString(norm[last:i])
		if !aloneOnLine(norm, i, end) {
			token := fmt.Sprintf("%s%dQ", prefix, len(originals))
			originals[token] = norm[i:end]
			b.WriteString(token)
		}
		i, last = end, end
	}
	b.WriteString(norm[last:])
	return b.String(), originals, nil
}

// aloneOnLine: text[start:end] has only spaces before it and only spaces after it on
// its line.
func aloneOnLine(text string, start, end int) bool {
	lineStart := strings.LastIndexByte(text[:start], '\n') + 1
	lineEnd := strings.IndexByte(text[end:], '\n')
	if lineEnd < 0 {
		lineEnd = len(text) - end
	}
	return strings.TrimSpace(text[lineStart:start]) == "" && strings.TrimSpace(text[end:end+lineEnd]) == ""
}

// placeholderPrefix starts every placeholder: "capirepoVar", made longer until text
// does not contain it, so no placeholder is text of the file, and none is a prefix of
// another (PREFIX<n>Q).
func placeholderPrefix(text string) string {
	p := "capirepoVar"
	for strings.Contains(text, p) {
		p += "z"
	}
	return p
}
