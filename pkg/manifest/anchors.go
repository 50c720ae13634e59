package manifest

// MayHoldAnchors reports whether data may define a YAML anchor (&name), without
// parsing it: an anchor is a node property, so it follows the start of a line, a
// blank or a flow indicator ([ { ,) and a name character follows it. Text such as
// "R&D" or "a & b" is not one. A false answer means no alias can expand anything,
// so no alias bomb is possible; a true one asks for the bounded parse.
func MayHoldAnchors(data []byte) bool {
	for i, c := range data {
		if c != '&' || i+1 >= len(data) || !anchorNameByte(data[i+1]) {
			continue
		}
		if i == 0 {
			return true
		}
		switch data[i-1] {
		case ' ', '\t', '\n', '\r', '[', '{', ',', 0xBF: // 0xBF: the end of a byte order mark
			return true
		}
	}
	return false
}

// anchorNameByte: YAML allows any non-blank character except flow indicators.
func anchorNameByte(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '[', ']', '{', '}', ',':
		return false
	}
	return true
}
