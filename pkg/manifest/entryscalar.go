package manifest

import (
	"bytes"
	"strings"
)

// entryScalar reads, without a parser, the value of an entry written as a one-line
// plain string (`key: some words`) or a literal block (`key: |-` or `key: |` and the
// lines below), the forms controller-gen writes most descriptions in. ok is false for
// anything else, or anything unsure: the caller parses.
func entryScalar(e Entry) (string, bool) {
	nl := bytes.IndexByte(e.Text, '\n')
	if nl < 0 {
		return "", false
	}
	head := e.Text[:nl]
	v := string(bytes.TrimSpace(head[bytes.IndexByte(head, ':')+1:]))
	switch {
	case v == "|" || v == "|-":
		return literal(e.Body(), v == "|")
	case len(e.Body()) == 0 && plainString(v):
		return v, true
	}
	return "", false
}

// plainString reports a one-line plain scalar that YAML reads as this very string.
func plainString(v string) bool {
	if v == "" || !(v[0] >= 'a' && v[0] <= 'z' || v[0] >= 'A' && v[0] <= 'Z') || strings.ContainsAny(v, "\t\r#") ||
		strings.Contains(v, ": ") || strings.HasSuffix(v, ":") {
		return false
	}
	return !reservedWord(v)
}

// literal reads a literal block scalar's lines (clip keeps one final line break,
// strip none): every line indented with spaces at least as deep as the first one,
// which must hold text, and the text ending with a line break.
func literal(body []byte, clip bool) (string, bool) {
	if len(body) == 0 || body[len(body)-1] != '\n' {
		return "", false
	}
	lines := strings.Split(string(body[:len(body)-1]), "\n")
	ind := indentation([]byte(lines[0]))
	if ind == 0 || ind == len(lines[0]) {
		return "", false
	}
	for i, l := range lines {
		switch n := indentation([]byte(l)); {
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

// PlainString reports a one-line plain scalar that YAML reads as this very string
// (conservatively: false means "not sure").
func PlainString(v string) bool { return plainString(v) }
