package bigtree

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// writePyYAML writes doc as PyYAML 6's safe_dump does with its defaults (sorted keys,
// indent 2, sequences at their key's indentation, width 80, allow_unicode false):
// a string is plain when it can be, else single-quoted (a line break written as an
// empty line), else double-quoted with escapes (non-ASCII as \uXXXX); plain and
// quoted strings are folded at spaces past column 80 (emitter.py write_plain,
// write_single_quoted, write_double_quoted).
func writePyYAML(b *bytes.Buffer, doc map[string]any) {
	(&pyEmitter{b: b}).mapping(doc, 0, false)
}

type pyEmitter struct{ b *bytes.Buffer }

const pyWidth = 80

func (e *pyEmitter) column() int { return e.b.Len() - 1 - bytes.LastIndexByte(e.b.Bytes(), '\n') }

// mapping writes m's entries at indent; inItem: the first key follows "- ".
func (e *pyEmitter) mapping(m map[string]any, indent int, inItem bool) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i > 0 || !inItem {
			e.b.WriteString(strings.Repeat(" ", indent))
		}
		e.scalar(k, indent)
		e.b.WriteByte(':')
		e.value(m[k], indent)
	}
}

// value writes what follows "key:".
func (e *pyEmitter) value(v any, indent int) {
	switch t := v.(type) {
	case map[string]any:
		if len(t) == 0 {
			e.b.WriteString(" {}\n")
			return
		}
		e.b.WriteByte('\n')
		e.mapping(t, indent+2, false)
	case []any:
		if len(t) == 0 {
			e.b.WriteString(" []\n")
			return
		}
		e.b.WriteByte('\n')
		e.sequence(t, indent)
	default:
		e.b.WriteByte(' ')
		e.scalar(v, indent+2)
		e.b.WriteByte('\n')
	}
}

// sequence writes l's items at indent ("- " there, PyYAML's indentless sequence).
func (e *pyEmitter) sequence(l []any, indent int) {
	for _, item := range l {
		e.b.WriteString(strings.Repeat(" ", indent) + "- ")
		if m, ok := item.(map[string]any); ok && len(m) > 0 {
			e.mapping(m, indent+2, true)
			continue
		}
		e.scalar(item, indent+2)
		e.b.WriteByte('\n')
	}
}

func (e *pyEmitter) scalar(v any, indent int) {
	s, ok := v.(string)
	switch {
	case !ok:
		fmt.Fprint(e.b, v) // ints and booleans
	case plainOK(s):
		e.folded(s, indent, "", "")
	case !specialChars(s):
		e.folded(strings.ReplaceAll(s, "'", "''"), indent, "'", "'")
	default:
		e.doubleQuoted(s, indent)
	}
}

// folded writes words separated by single spaces, breaking the line at a space once
// the column is past the width; in a single-quoted string a line break is written as
// an empty line.
func (e *pyEmitter) folded(s string, indent int, open, closing string) {
	e.b.WriteString(open)
	lines := strings.Split(s, "\n")
	for li, line := range lines {
		if li > 0 {
			e.b.WriteString("\n")
			if line != "" || li == len(lines)-1 {
				e.b.WriteString("\n" + strings.Repeat(" ", indent))
			}
		}
		for wi, w := range strings.Split(line, " ") {
			if wi > 0 {
				if e.column() > pyWidth {
					e.b.WriteString("\n" + strings.Repeat(" ", indent))
				} else {
					e.b.WriteByte(' ')
				}
			}
			e.b.WriteString(w)
		}
	}
	e.b.WriteString(closing)
}

// doubleQuoted writes s as PyYAML's write_double_quoted does: escapes for '"', '\\'
// and every character outside printable ASCII, and a fold (a trailing backslash, the
// next line's leading space escaped) where the column passes the width at a space or
// right after an escape.
func (e *pyEmitter) doubleQuoted(s string, indent int) {
	text := []rune(s)
	e.b.WriteByte('"')
	start := 0
	for end := 0; end <= len(text); end++ {
		ch := rune(-1)
		if end < len(text) {
			ch = text[end]
		}
		if ch < 0 || ch == '"' || ch == '\\' || ch == 0x85 || ch == 0x2028 || ch == 0x2029 || ch == 0xFEFF || ch < 0x20 || ch > 0x7e {
			if start < end {
				e.b.WriteString(string(text[start:end]))
				start = end
			}
			if ch >= 0 {
				e.b.WriteString(escape(ch))
				start = end + 1
			}
		}
		if end > 0 && end < len(text)-1 && (ch == ' ' || start >= end) && e.column()+(end-start) > pyWidth {
			if start < end {
				e.b.WriteString(string(text[start:end]))
				start = end
			}
			e.b.WriteString("\\\n" + strings.Repeat(" ", indent))
			if text[start] == ' ' {
				e.b.WriteByte('\\')
			}
		}
	}
	e.b.WriteByte('"')
}

// escape is PyYAML's escape of ch in a double-quoted string.
func escape(ch rune) string {
	if r, ok := map[rune]string{0: "0", 7: "a", 8: "b", 9: "t", 10: "n", 11: "v", 12: "f", 13: "r", 27: "e",
		'"': "\"", '\\': "\\", 0x85: "N", 0xA0: "_", 0x2028: "L", 0x2029: "P"}[ch]; ok {
		return "\\" + r
	}
	switch {
	case ch <= 0xff:
		return fmt.Sprintf(`\x%02X`, ch)
	case ch <= 0xffff:
		return fmt.Sprintf(`\u%04X`, ch)
	}
	return fmt.Sprintf(`\U%08X`, ch)
}

// implicit matches what PyYAML's resolver reads as another type than a string.
var implicit = regexp.MustCompile(`^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|~|null|Null|NULL|=|<<|[-+]?(?:[0-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|0x[0-9a-fA-F_]+|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}.*)$`)

// plainOK: PyYAML writes s plain in block context.
func plainOK(s string) bool {
	if s == "" || implicit.MatchString(s) || specialChars(s) || strings.ContainsAny(s, "\n") ||
		s[0] == ' ' || s[len(s)-1] == ' ' || strings.Contains(s, ": ") || strings.Contains(s, " #") || s[len(s)-1] == ':' {
		return false
	}
	if strings.ContainsRune("#,[]{}&*!|>'\"%@`", rune(s[0])) {
		return false
	}
	return !(strings.ContainsRune("?:-", rune(s[0])) && (len(s) == 1 || s[1] == ' '))
}

// specialChars: s has a character PyYAML (allow_unicode false) only writes escaped.
func specialChars(s string) bool {
	for _, r := range s {
		if r != '\n' && (r < 0x20 || r > 0x7e) {
			return true
		}
	}
	return false
}
