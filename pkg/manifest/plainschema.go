package manifest

import "bytes"

// plainSchema reports whether a schema's lines, which validBlock vouches are YAML
// (its escapes are those yaml.v2 and yaml.v3 share), hold nothing on which
// clusterctl's reader (yaml.v2, then JSON) and yaml.v3 can disagree or fail: no
// tab, anchor, alias, tag, directive, complex or null key and no flow collection
// starting a value. It may refuse plain text (a "* item" line in a description):
// the schema is then read whole.
func plainSchema(lines [][]byte) bool {
	for _, l := range lines {
		if bytes.IndexByte(l, '\t') >= 0 || !plainLine(bytes.TrimSpace(l)) {
			return false
		}
	}
	return true
}

// plainLine checks a trimmed line's key and value starts.
func plainLine(l []byte) bool {
	l = bytes.TrimPrefix(l, []byte("- "))
	if len(l) == 0 || l[0] == '#' {
		return true
	}
	if !plainStart(l[0]) || nullKeyLine(l) {
		return false
	}
	if i := bytes.Index(l, []byte(": ")); i >= 0 {
		v := bytes.TrimSpace(l[i+2:])
		return len(v) == 0 || plainStart(v[0]) || bytes.Equal(v, []byte("{}")) || bytes.Equal(v, []byte("[]"))
	}
	return true
}

func plainStart(c byte) bool {
	return bytes.IndexByte([]byte("&*!?%@`{[<~"), c) < 0
}

func nullKeyLine(l []byte) bool {
	for _, k := range []string{"null:", "Null:", "NULL:", "~:"} {
		if bytes.HasPrefix(l, []byte(k)) {
			return true
		}
	}
	return false
}
