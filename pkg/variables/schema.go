package variables

import "strings"

// maxWalk bounds how many lines above a $NAME are read to find its key and the
// key's ancestors, so many bare names in one long scalar stay cheap; past it the
// text is not taken for a description.
const maxWalk = 4000

// inSchemaDescription reports whether original offset o lies in the value of a
// description: key under an openAPIV3Schema: CRD (or ClusterClass variable)
// documentation, read by people and never meant for clusterctl. It judges from
// indentation alone: the key owning the line, then that key's ancestors. Text that
// merely looks like a key inside a description ("Note: $X") makes it answer false,
// so the finding is kept.
func (s *source) inSchemaDescription(o int) bool {
	if !s.hasSchema {
		return false
	}
	line := s.line(o)
	key, col, at := s.owner(line, o-s.lineStarts[line-1])
	return key == "description" && s.hasAncestor(at, col, "openAPIV3Schema")
}

// owner finds the mapping key whose value holds column col of line: the key on the
// line itself when col is past it, else the nearest key line above that is less
// indented than every line in between (the line continues a plain or block scalar).
// It returns the key, its column and its line ("" when there is none).
func (s *source) owner(line, col int) (string, int, int) {
	text := s.lineText(line)
	if key, kcol, end := keyOf(text); key != "" {
		if col < end {
			return "", 0, 0
		}
		return key, kcol, line
	}
	limit := indentOf(text)
	for l := line - 1; l >= 1 && l > line-maxWalk && limit > 0; l-- {
		t := s.lineText(l)
		if strings.TrimSpace(t) == "" || indentOf(t) >= limit {
			continue
		}
		if key, kcol, _ := keyOf(t); key != "" {
			return key, kcol, l
		}
		limit = indentOf(t)
	}
	return "", 0, 0
}

// hasAncestor reports whether a key named name encloses the key at column col of
// line: the less indented key lines above it, up to the document's top level.
func (s *source) hasAncestor(line, col int, name string) bool {
	for l := line - 1; l >= 1 && l > line-maxWalk && col > 0; l-- {
		t := s.lineText(l)
		if strings.HasPrefix(t, "---") {
			return false
		}
		key, kcol, _ := keyOf(t)
		if key == "" || kcol >= col {
			continue
		}
		if key == name {
			return true
		}
		col = kcol
	}
	return false
}

// keyOf reads a block mapping key line ("  key: value", "- key:"): the key, its
// column and the column after its colon; "" when the line is not one.
func keyOf(t string) (string, int, int) {
	i := indentOf(t)
	for strings.HasPrefix(t[i:], "- ") {
		i += 2 + indentOf(t[i+2:])
	}
	n := spanOf(t, i, isKeyByte)
	end := i + n
	if n == 0 || end >= len(t) || t[end] != ':' || (end+1 < len(t) && t[end+1] != ' ' && t[end+1] != '\t') {
		return "", 0, 0
	}
	return t[i:end], i, end + 1
}

func indentOf(t string) int { return spanOf(t, 0, func(c byte) bool { return c == ' ' || c == '\t' }) }

func isKeyByte(c byte) bool {
	return isNameByte(c) || c == '-' || c == '.' || c == '/'
}
