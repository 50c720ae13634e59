package variables

import "strings"

// edit records one legacy rewrite: norm[normAt:normEnd] came from orig[origAt:origEnd].
type edit struct {
	normAt, normEnd int
	origAt, origEnd int
}

// normalise applies clusterctl's convertLegacyVars, which rewrites `${ VAR }`,
// `${ VAR}` and `${VAR }` to `${VAR}` with the regular expression
//
//	(\${(\s+([A-Za-z0-9_$]+)\s+)})|(\${(\s+([A-Za-z0-9_$]+))})|(\${(([A-Za-z0-9_$]+)\s+)})
//
// and strips every \s inside a match. The hand-written matcher below accepts
// exactly the same matches (tested against the regexp) but runs in linear time
// on large files; the edits let positions be mapped back to the original text.
func normalise(orig string) (string, []edit) {
	var b strings.Builder
	var edits []edit
	last := 0
	for i := 0; i < len(orig); {
		j := strings.Index(orig[i:], "${")
		if j < 0 {
			break
		}
		i += j
		end, name := legacyMatch(orig, i)
		if end < 0 {
			i += 2
			continue
		}
		if edits == nil {
			b.Grow(len(orig))
		}
		b.WriteString(orig[last:i])
		at := b.Len()
		b.WriteString("${" + name + "}")
		edits = append(edits, edit{normAt: at, normEnd: b.Len(), origAt: i, origEnd: end})
		last, i = end, end
	}
	if edits == nil {
		return orig, nil
	}
	b.WriteString(orig[last:])
	return b.String(), edits
}

// legacyMatch reports the end of a legacy match starting at s[i:] ("${"), or -1.
func legacyMatch(s string, i int) (end int, name string) {
	j := i + 2
	ws1 := spanOf(s, j, isRegexSpace)
	n := spanOf(s, j+ws1, isLegacyNameByte)
	ws2 := spanOf(s, j+ws1+n, isRegexSpace)
	close := j + ws1 + n + ws2
	if n == 0 || ws1+ws2 == 0 || close >= len(s) || s[close] != '}' {
		return -1, ""
	}
	return close + 1, s[j+ws1 : j+ws1+n]
}

func spanOf(s string, from int, ok func(byte) bool) int {
	k := from
	for k < len(s) && ok(s[k]) {
		k++
	}
	return k - from
}

// isRegexSpace is RE2's \s: [\t\n\f\r ].
func isRegexSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func isLegacyNameByte(c byte) bool {
	return c == '_' || c == '$' || ('0' <= c && c <= '9') || ('A' <= c && c <= 'Z') || ('a' <= c && c <= 'z')
}
