package crdfast

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// ValidBlock reports whether lines (a CRD schema block cut by CutSchemas: every
// non-blank line indented deeper than its key, keyInd) are YAML that yaml.v3 surely
// parses, checked without building nodes. It knows only a plain subset (block
// mappings and sequences with plain keys, plain, simple quoted, block and one-line
// flow scalars, no comments, anchors, tags or tabs); false means "not sure", never
// "invalid": the caller then parses the block with yaml.v3, whose errors are the
// reference.
func ValidBlock(lines [][]byte, keyInd int) bool {
	c := blockCheck{levels: []level{{ind: keyInd}}, pending: true, scalar: -1}
	for _, l := range lines {
		if !c.line(bytes.TrimSuffix(l, []byte("\n"))) {
			return false
		}
	}
	return c.cont != '"' && c.cont != '\''
}

// level is an open block collection: its indentation and whether it is a sequence.
type level struct {
	ind int
	seq bool
}

type blockCheck struct {
	levels    []level
	pending   bool // the last key has no value on its line: a nested block may follow
	scalar    int  // indentation of the key of the block scalar being read, -1 if none
	scalarInd int  // indentation of that scalar's content (0 until its first line)
	cont      byte // a scalar continuing on the next lines: 'p' plain, '\'' or '"' quoted, 0 none
	contInd   int  // continuation lines are indented deeper than this
}

func (c *blockCheck) line(l []byte) bool {
	if !printable(l) {
		return false
	}
	ind := Indentation(l)
	rest := l[ind:]
	if len(rest) == 0 {
		// spaces before a block scalar's first line would set its indentation: not in the subset
		return c.scalar < 0 || c.scalarInd > 0 || ind == 0
	}
	if c.scalar >= 0 && c.inScalar(ind) {
		return true
	}
	if c.cont != 0 {
		if done, ok := c.continued(ind, rest); !ok || !done {
			return ok
		}
	}
	if rest[0] == '#' || len(c.levels) > 200 || !c.place(ind, rest) {
		return false
	}
	c.pending = false
	if top := c.levels[len(c.levels)-1]; top.seq {
		return c.item(ind, rest)
	}
	return c.entry(ind, rest)
}

// inScalar reads a non-blank line of a block scalar; false when the line ends it.
func (c *blockCheck) inScalar(ind int) bool {
	switch {
	case c.scalarInd == 0 && ind > c.scalar:
		c.scalarInd = ind
		return true
	case c.scalarInd > 0 && ind >= c.scalarInd:
		return true
	}
	c.scalar, c.scalarInd = -1, 0
	return false
}

// continued reads a line while a scalar continues: done says the line is not part
// of it (a quoted scalar must be closed by then).
func (c *blockCheck) continued(ind int, rest []byte) (done, ok bool) {
	if ind <= c.contInd {
		quoted := c.cont != 'p'
		c.cont = 0
		return true, !quoted
	}
	if c.cont == 'p' {
		return false, plainText(rest, false)
	}
	end, st := quotedEnd(rest, c.cont)
	if st == closed {
		c.cont = 0
		return false, len(bytes.TrimRight(rest[end:], " ")) == 0
	}
	return false, st == open
}

// place finds the collection a line at indentation ind belongs to, opening or
// closing levels; false when the indentation fits none.
func (c *blockCheck) place(ind int, rest []byte) bool {
	top := c.levels[len(c.levels)-1]
	dash := isItem(rest)
	switch {
	case ind > top.ind:
		if !c.pending {
			return false
		}
		c.levels = append(c.levels, level{ind: ind, seq: dash})
		return true
	case ind == top.ind && c.pending && dash && !top.seq:
		c.levels = append(c.levels, level{ind: ind, seq: true}) // a sequence at its key's indentation
		return true
	}
	for len(c.levels) > 1 && c.levels[len(c.levels)-1].ind > ind {
		c.levels = c.levels[:len(c.levels)-1]
	}
	top = c.levels[len(c.levels)-1]
	if top.ind == ind && top.seq && !dash && len(c.levels) > 1 {
		c.levels = c.levels[:len(c.levels)-1] // a key after a sequence at its key's indentation
		top = c.levels[len(c.levels)-1]
	}
	return len(c.levels) > 1 && top.ind == ind && top.seq == dash
}

func isItem(rest []byte) bool {
	return rest[0] == '-' && (len(rest) == 1 || rest[1] == ' ')
}

// item reads "- VALUE" or "- KEY: VALUE" (which opens a mapping at the key's column).
func (c *blockCheck) item(ind int, rest []byte) bool {
	if len(rest) < 3 || rest[2] == ' ' || isItem(rest[2:]) {
		return false
	}
	body := rest[2:]
	if _, _, isKey := splitKey(body); isKey && !bytes.ContainsAny(body[:1], "{[\"'") {
		c.levels = append(c.levels, level{ind: ind + 2})
		return c.entry(ind+2, body)
	}
	return c.value(ind, body, false)
}

// entry reads "KEY:" or "KEY: VALUE" of a mapping at indentation ind.
func (c *blockCheck) entry(ind int, rest []byte) bool {
	key, val, isKey := splitKey(rest)
	if !isKey || !validKey(key) {
		return false
	}
	if len(val) == 0 {
		c.pending = true
		return true
	}
	return c.value(ind, val, true)
}

// value reads a scalar after "KEY: " or "- " (a block scalar only after a key).
func (c *blockCheck) value(ind int, v []byte, afterKey bool) bool {
	switch {
	case isBlockHeader(v):
		c.scalar, c.scalarInd = ind, 0
		return afterKey
	case v[0] == '{' || v[0] == '[':
		return flowOnly(v)
	case v[0] == '"' || v[0] == '\'':
		end, st := quotedEnd(v[1:], v[0])
		if st == open {
			c.cont, c.contInd = v[0], ind
			return true
		}
		return st == closed && len(bytes.TrimRight(v[1+end:], " ")) == 0
	}
	c.cont, c.contInd = 'p', ind
	return plainText(v, true)
}

func isBlockHeader(v []byte) bool {
	switch string(bytes.TrimRight(v, " ")) {
	case "|", "|-", "|+", ">", ">-", ">+":
		return true
	}
	return false
}

// splitKey cuts "KEY: VALUE" or "KEY:" at the first colon followed by a space or the
// end of the line; isKey is false when there is none.
func splitKey(s []byte) (key, val []byte, isKey bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' && (i+1 == len(s) || s[i+1] == ' ') {
			return s[:i], bytes.Trim(s[i+1:], " "), true
		}
	}
	return nil, nil, false
}

// validKey: a plain key of letters, digits and _ . $ / - (not first), under yaml's
// 1024-character limit for implicit keys.
func validKey(k []byte) bool {
	if len(k) == 0 || len(k) > 1000 || k[0] == '-' {
		return false
	}
	for _, b := range k {
		if !isKeyByte(b) {
			return false
		}
	}
	return true
}

func isKeyByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '.' || b == '$' || b == '/' || b == '-'
}

// plainText checks a plain scalar's text on one line (first: its first line, where
// indicators may not start it): no ": ", no comment, no trailing colon.
func plainText(v []byte, first bool) bool {
	v = bytes.TrimRight(v, " ")
	if len(v) == 0 || v[len(v)-1] == ':' || bytes.Contains(v, []byte(": ")) || bytes.Contains(v, []byte(" #")) || v[0] == '#' {
		return false
	}
	if v[0] == '-' && (len(v) == 1 || v[1] == ' ') {
		return false
	}
	return !first || !bytes.ContainsAny(v[:1], "-?:,[]{}#&*!|>'\"%@`") || v[0] == '-' && len(v) > 1 && v[1] >= '0' && v[1] <= '9'
}

// States of a quoted scalar's text on one line.
const (
	open   = iota // no closing quote yet
	closed        // closed; end is the index after the quote
	other         // double-quoted with an escape not in the subset (\x, \u, \U...)
)

// simpleEscapes are the characters after a backslash that yaml.v3 (and clusterctl's yaml.v2) read as an
// escape in a double-quoted scalar, without the hexadecimal ones (hexEscape).
const simpleEscapes = "0abtnvfre \"'\\N_LP"

// quotedEnd finds the closing quote q in s (text after the opening quote or a
// continuation line).
func quotedEnd(s []byte, q byte) (end, state int) {
	for i := 0; i < len(s); i++ {
		switch {
		case q == '"' && s[i] == '\\':
			if i+1 < len(s) && !bytes.ContainsRune([]byte(simpleEscapes), rune(s[i+1])) {
				n := hexEscape(s[i+1:])
				if n == 0 {
					return 0, other
				}
				i += n
				continue
			}
			i++ // an escape, or a backslash ending the line (the line break escaped)
		case s[i] == q && q == '\'' && i+1 < len(s) && s[i+1] == '\'':
			i++
		case s[i] == q:
			return i + 1, closed
		}
	}
	return len(s), open
}

// hexEscape is the length of a \\xXX, \\uXXXX or \\UXXXXXXXX escape at e (after the
// backslash), 0 when yaml.v3 would not read it: too few hexadecimal digits on the
// line, a surrogate or a code point past U+10FFFF (scannerc.go
// yaml_parser_scan_flow_scalar). PyYAML writes every non-ASCII character so.
func hexEscape(e []byte) int {
	digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e[0]]
	if digits == 0 || len(e) < 1+digits {
		return 0
	}
	value := 0
	for _, b := range e[1 : 1+digits] {
		d := strings.IndexByte("0123456789abcdefABCDEF", b)
		if d < 0 {
			return 0
		}
		value = value<<4 + d - 6*(d/16) // A-F repeat a-f
	}
	if value >= 0xD800 && value <= 0xDFFF || value > 0x10FFFF {
		return 0
	}
	return 1 + digits
}

// printable: the characters yaml.v3 reads as text, without tabs, carriage returns and
// the Unicode line breaks (U+0085, U+2028, U+2029) or byte order marks.
func printable(l []byte) bool {
	for i := 0; i < len(l); {
		b := l[i]
		if b < utf8.RuneSelf {
			if b < 0x20 || b == 0x7f {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(l[i:])
		if r < 0xA0 || r > 0xD7FF && r < 0xE000 || r == 0x2028 || r == 0x2029 || r == 0xFEFF || r >= 0xFFFE && r < 0x10000 || r == utf8.RuneError {
			return false
		}
		i += n
	}
	return true
}
