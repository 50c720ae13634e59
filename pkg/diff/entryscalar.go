package diff

import (
	"bytes"

	"github.com/capirepo/capirepo/pkg/manifest"
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
		return manifest.Literal(e.Body(), v == "|")
	case len(e.Body()) == 0 && manifest.PlainString(v):
		return v, true
	}
	return "", false
}
