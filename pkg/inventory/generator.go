package inventory

import (
	"bytes"
	"hash/maphash"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// generatorKey is the annotation controller-gen writes on every CRD it generates, with
// its own version: a release built with a newer controller-gen changes that one line
// of every CRD and nothing else. The cache reads such a CRD once: the other release's
// text, the same but for that value, gives its facts with the value replaced.
const generatorKey = "controller-gen.kubebuilder.io/version"

// span is the byte range of the annotation's value in a text.
type span struct{ start, end int }

func (s span) ok() bool { return s.end > s.start }

// generatorValue finds the value of "    controller-gen.kubebuilder.io/version: V" in
// a CRD written in block style: a line of metadata.annotations (after "metadata:" at
// column 0 and "  annotations:" with nothing but deeper lines between), V a one-line
// plain scalar YAML reads as that string. The zero span otherwise.
func generatorValue(text []byte) span {
	at := bytes.Index(text[:min(len(text), 4096)], []byte("\n    "+generatorKey+": "))
	if at < 0 || !bytes.HasPrefix(text, []byte("apiVersion: apiextensions.k8s.io/")) {
		return span{}
	}
	start := at + len("\n    "+generatorKey+": ")
	end := start + bytes.IndexByte(text[start:], '\n')
	if end < start || !underAnnotations(text[:at+1]) || !manifest.PlainString(string(text[start:end])) {
		return span{}
	}
	return span{start, end}
}

// underAnnotations reports whether the line after head (which ends a line) is in
// metadata.annotations: head's last line at indentation 0 is "metadata:", its last
// line at indentation 2 "  annotations:", and every line after that is deeper.
func underAnnotations(head []byte) bool {
	lines := bytes.Split(head[:len(head)-1], []byte("\n"))
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		switch {
		case bytes.HasPrefix(l, []byte("    ")):
		case string(l) == "  annotations:":
			for j := i - 1; j >= 0; j-- {
				if len(lines[j]) > 0 && lines[j][0] != ' ' {
					return string(lines[j]) == "metadata:"
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

// shapeHash is the key of a text without its controller-gen version: its length then,
// the bytes before the value (a few hundred) and the last bytes.
func (c *Cache) shapeHash(text []byte, s span) uint64 {
	var h maphash.Hash
	h.SetSeed(c.seed)
	n := len(text) - (s.end - s.start)
	h.WriteByte(byte(n))
	h.WriteByte(byte(n >> 8))
	h.WriteByte(byte(n >> 16))
	h.WriteByte(byte(n >> 24))
	h.Write(text[:s.start])
	h.Write(text[max(s.end, len(text)-512):])
	return h.Sum64()
}

// sameShape returns the facts of a text from a cached one that differs only in the
// controller-gen version, or nil. Call with mu held.
func (c *Cache) sameShape(text []byte, s span) *textFacts {
	for _, e := range c.shapes[c.shapeHash(text, s)] {
		if bytes.Equal(e.text[:e.gen.start], text[:s.start]) && bytes.Equal(e.text[e.gen.end:], text[s.end:]) {
			if f := e.facts.withGenerator(string(e.text[e.gen.start:e.gen.end]), string(text[s.start:s.end])); f != nil {
				return f
			}
		}
	}
	return nil
}

// withGenerator is one CRD's facts with the annotation's value old replaced by value,
// or nil when the facts are not those of one CRD holding old.
func (tf *textFacts) withGenerator(old, value string) *textFacts {
	if tf.err != nil || len(tf.docs) != 1 || tf.docs[0].crd == nil {
		return nil
	}
	d := tf.docs[0]
	meta, _ := d.obj["metadata"].(map[string]any)
	ann, _ := meta["annotations"].(map[string]any)
	if ann[generatorKey] != old {
		return nil
	}
	ann2 := copyMap(ann)
	ann2[generatorKey] = value
	meta2 := copyMap(meta)
	meta2["annotations"] = ann2
	obj := manifest.Object(copyMap(d.obj))
	obj["metadata"] = meta2
	crd := *d.crd
	crd.Object = obj
	d.obj, d.crd = obj, &crd
	return &textFacts{docs: []docFacts{d}}
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
