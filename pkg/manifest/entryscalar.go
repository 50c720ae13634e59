package manifest

import (
	"bytes"
	"strings"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
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
		return crdfast.Literal(e.Body(), v == "|")
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

// PlainString reports a one-line plain scalar that YAML reads as this very string
// (conservatively: false means "not sure").
func PlainString(v string) bool { return plainString(v) }
