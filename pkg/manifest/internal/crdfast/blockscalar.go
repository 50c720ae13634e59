package crdfast

import (
	"strconv"
	"strings"
)

// plainTag is the tag yaml.v3 resolves a one-line plain scalar in block context to
// (resolve.go: strings, true/false, null, decimal integers), for the plain scalars
// PlainDocument reads; ok is false for the others (floats, timestamps, other number
// forms, the merge key) and for text that is no plain scalar there.
func plainTag(s string) (string, bool) {
	if s == "" || len(s) > 1000 || strings.HasSuffix(s, " ") || strings.Contains(s, ": ") || strings.HasSuffix(s, ":") ||
		strings.ContainsAny(s[:1], "-?:,[]{}#&*!|>'\"%@`<=") {
		return "", false
	}
	switch c := s[0]; {
	case c >= '0' && c <= '9' || c == '+':
		if decimal(s) {
			return "!!int", true
		}
		return "", false
	case strings.IndexByte("yYnNtTfFoO~", c) >= 0:
		switch s {
		case "true", "True", "TRUE", "false", "False", "FALSE":
			return "!!bool", true
		case "~", "null", "Null", "NULL":
			return "!!null", true
		}
	case c == '.':
		if _, err := strconv.ParseFloat(s, 64); err == nil || strings.EqualFold(s, ".nan") || strings.EqualFold(s, ".inf") {
			return "", false
		}
	}
	return "!!str", true
}

// decimal: digits without a leading zero (or "0"), short enough for an int.
func decimal(s string) bool {
	if len(s) > 18 || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Literal reads a literal block scalar's lines (clip keeps one final line break,
// strip none): every line indented with spaces at least as deep as the first one,
// which must hold text, and the text ending with a line break.
func Literal(body []byte, clip bool) (string, bool) {
	if len(body) == 0 || body[len(body)-1] != '\n' {
		return "", false
	}
	lines := strings.Split(string(body[:len(body)-1]), "\n")
	ind := Indentation([]byte(lines[0]))
	if ind == 0 || ind == len(lines[0]) {
		return "", false
	}
	for i, l := range lines {
		switch n := Indentation([]byte(l)); {
		case strings.ContainsRune(l, '\t') || strings.ContainsRune(l, '\r'):
			return "", false
		case n == len(l) && n <= ind:
			lines[i] = ""
		case n < ind:
			return "", false
		default:
			lines[i] = l[ind:]
		}
	}
	end := len(lines)
	for end > 0 && lines[end-1] == "" {
		end--
	}
	v := strings.Join(lines[:end], "\n")
	if clip && end > 0 {
		v += "\n"
	}
	return v, true
}
