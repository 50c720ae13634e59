package crdfast

import (
	"bytes"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// PlainDocument returns the node tree yaml.v3 gives text (yaml.Unmarshal into a
// yaml.Node: the document node and its content, with yaml.v3's kinds, tags, styles,
// values, lines and columns), built without the parser, when text is written in a
// plain block subset: block mappings with plain keys, block sequences (indented or
// at their key's indentation), plain scalars that resolve to strings, booleans, null
// or small decimal integers, one-line quoted scalars without escapes, literal block
// scalars (| and |-), the empty flow collections {} and [], and keys without value;
// no comments, anchors, aliases, tags, tabs, multi-line plain or quoted scalars, and
// ASCII before every value. It is what controller-gen and kustomize write around a
// CRD's schemas. ok is false for anything else (never "invalid": the caller parses).
func PlainDocument(text []byte) (*yaml.Node, bool) {
	r := blockReader{text: text}
	if !r.split() || len(r.lines) == 0 || r.lines[0].no != 1 || r.lines[0].ind != 0 {
		return nil, false
	}
	r.slab = make([]yaml.Node, 0, 2*len(r.lines)+1)
	root, ok := r.block(0)
	if !ok || r.pos != len(r.lines) {
		return nil, false
	}
	return &yaml.Node{Kind: yaml.DocumentNode, Line: 1, Column: 1, Content: []*yaml.Node{root}}, true
}

// blockLine is one non-blank line: its content after the indentation.
type blockLine struct {
	text       []byte // without indentation and line break
	ind, no    int    // indentation; 1-based line number
	start, end int    // the whole line's bytes in the text, line break included
}

type blockReader struct {
	text  []byte
	lines []blockLine
	pos   int         // the next line to read
	slab  []yaml.Node // nodes are taken from here, two a line at most (node)
}

// node returns a new node, from the slab while it lasts.
func (r *blockReader) node(n yaml.Node) *yaml.Node {
	if len(r.slab) == cap(r.slab) {
		p := new(yaml.Node)
		*p = n
		return p
	}
	r.slab = append(r.slab, n)
	return &r.slab[len(r.slab)-1]
}

// split lists the non-blank lines, refusing what the subset leaves out line by line.
func (r *blockReader) split() bool {
	r.lines = make([]blockLine, 0, bytes.Count(r.text, []byte("\n"))+1)
	for at, no := 0, 1; at < len(r.text); no++ {
		end := len(r.text)
		if k := bytes.IndexByte(r.text[at:], '\n'); k >= 0 {
			end = at + k + 1
		}
		l := bytes.TrimSuffix(r.text[at:end], []byte("\n"))
		ind := Indentation(l)
		switch {
		case bytes.ContainsAny(l, "\t\r#") || !printable(l):
			return false
		case ind == len(l):
		case ind == 0 && (bytes.HasPrefix(l, []byte("---")) || bytes.HasPrefix(l, []byte("...")) || l[0] == '%'):
			return false
		default:
			r.lines = append(r.lines, blockLine{text: l[ind:], ind: ind, no: no, start: at, end: end})
		}
		at = end
	}
	return true
}

// block reads the collection (or, in a sequence item, the scalar) that starts at the
// current line, whose indentation is ind.
func (r *blockReader) block(ind int) (*yaml.Node, bool) {
	switch l := r.lines[r.pos]; {
	case isItem(l.text):
		return r.sequence(ind)
	case keyEnd(l.text) >= 0:
		return r.mapping(ind)
	}
	return nil, false
}

// keyEnd is the offset of the colon ending a plain key ("key: v" or "key:"), or -1.
func keyEnd(t []byte) int {
	if len(t) == 0 || t[0] == '"' || t[0] == '\'' {
		return -1
	}
	if i := bytes.Index(t, []byte(": ")); i >= 0 {
		return i
	}
	if t[len(t)-1] == ':' {
		return len(t) - 1
	}
	return -1
}

// mapping reads the entries at indentation ind.
func (r *blockReader) mapping(ind int) (*yaml.Node, bool) {
	first := r.lines[r.pos]
	m := r.node(yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: first.no, Column: ind + 1})
	for r.pos < len(r.lines) && r.lines[r.pos].ind == ind && !isItem(r.lines[r.pos].text) {
		k, v, ok := r.entry(ind)
		if !ok {
			return nil, false
		}
		m.Content = append(m.Content, k, v)
	}
	return m, r.pos == len(r.lines) || r.lines[r.pos].ind <= ind
}

// sequence reads the items at indentation ind; an item's content is read as if its
// line started after the dash.
func (r *blockReader) sequence(ind int) (*yaml.Node, bool) {
	first := r.lines[r.pos]
	s := r.node(yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: first.no, Column: ind + 1})
	for r.pos < len(r.lines) && r.lines[r.pos].ind == ind && isItem(r.lines[r.pos].text) {
		l := &r.lines[r.pos]
		rest := l.text[1:]
		sp := Indentation(rest)
		if sp == len(rest) || isItem(rest[sp:]) {
			return nil, false // an empty item, or an item holding a sequence
		}
		l.text, l.ind = rest[sp:], ind+1+sp
		item, ok := r.item(l.ind)
		if !ok || r.pos < len(r.lines) && r.lines[r.pos].ind > ind {
			return nil, false
		}
		s.Content = append(s.Content, item)
	}
	return s, r.pos == len(r.lines) || r.lines[r.pos].ind <= ind
}

// item reads a sequence item's content: a mapping, or a scalar alone on its line.
func (r *blockReader) item(ind int) (*yaml.Node, bool) {
	l := r.lines[r.pos]
	if keyEnd(l.text) >= 0 {
		return r.mapping(ind)
	}
	v, ok := r.scalarNode(string(l.text), l.no, ind+1)
	if !ok || v.Style == yaml.LiteralStyle {
		return nil, false
	}
	r.pos++
	return v, true
}

// entry reads one key and its value: on the line, a literal block below it, a
// collection below it (or a sequence at its own indentation), or nothing (null).
func (r *blockReader) entry(ind int) (k, v *yaml.Node, ok bool) {
	l := r.lines[r.pos]
	colon := keyEnd(l.text)
	if colon < 0 {
		return nil, nil, false
	}
	k, ok = r.scalarNode(string(l.text[:colon]), l.no, ind+1)
	if !ok || k.Tag != "!!str" || k.Style != 0 {
		return nil, nil, false
	}
	after := l.text[colon+1:]
	value := bytes.TrimLeft(after, " ")
	if len(value) == 0 {
		if len(after) > 0 {
			return nil, nil, false // trailing spaces
		}
		return k, r.below(ind, l.no, ind+colon+2), true
	}
	col := ind + colon + 1 + len(after) - len(value) + 1
	for _, c := range l.text[:colon+1+len(after)-len(value)] {
		if c >= 0x80 {
			return nil, nil, false // columns count characters, not bytes
		}
	}
	if v, ok = r.scalarNode(string(value), l.no, col); !ok {
		return nil, nil, false
	}
	r.pos++
	if v.Style == yaml.LiteralStyle {
		return k, v, r.Literal(ind, l.end, v)
	}
	return k, v, r.pos == len(r.lines) || r.lines[r.pos].ind <= ind
}

// below reads the value of a key alone on its line: the collection on the next lines,
// or a null scalar just after the colon (at line no, column col) when there is none.
func (r *blockReader) below(ind, no, col int) *yaml.Node {
	r.pos++
	if r.pos < len(r.lines) {
		switch next := r.lines[r.pos]; {
		case next.ind > ind:
			if v, ok := r.block(next.ind); ok {
				return v
			}
			return nil
		case next.ind == ind && isItem(next.text):
			if v, ok := r.sequence(ind); ok {
				return v
			}
			return nil
		}
	}
	return r.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: no, Column: col})
}

// literal reads the body of a literal block scalar: the text from the end of its
// header's line (from) to the next line no deeper than its key's ind, as entryScalar
// reads it.
func (r *blockReader) Literal(ind, from int, v *yaml.Node) bool {
	for r.pos < len(r.lines) && r.lines[r.pos].ind > ind {
		r.pos++
	}
	end := len(r.text)
	if r.pos < len(r.lines) {
		end = r.lines[r.pos].start
	}
	text, ok := Literal(r.text[from:end], v.Value == "|")
	v.Value = text
	return ok
}

// scalarNode reads a scalar written on one line at line no, column col: plain,
// quoted without escapes, an empty flow collection, or a literal block header (whose
// Value is then the header, for literal to read the body).
func (r *blockReader) scalarNode(s string, no, col int) (*yaml.Node, bool) {
	n := r.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Line: no, Column: col})
	switch {
	case s == "{}":
		n.Kind, n.Tag, n.Value, n.Style = yaml.MappingNode, "!!map", "", yaml.FlowStyle
	case s == "[]":
		n.Kind, n.Tag, n.Value, n.Style = yaml.SequenceNode, "!!seq", "", yaml.FlowStyle
	case s == "|" || s == "|-":
		n.Style = yaml.LiteralStyle
	case len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'':
		inner := s[1 : len(s)-1]
		if strings.Count(inner, "'")%2 != 0 || strings.ReplaceAll(inner, "''", "") != strings.ReplaceAll(inner, "'", "") {
			return nil, false
		}
		n.Value, n.Style = strings.ReplaceAll(inner, "''", "'"), yaml.SingleQuotedStyle
	case len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"':
		inner := s[1 : len(s)-1]
		if strings.ContainsAny(inner, "\"\\") {
			return nil, false
		}
		n.Value, n.Style = inner, yaml.DoubleQuotedStyle
	default:
		tag, ok := plainTag(s)
		if !ok {
			return nil, false
		}
		n.Tag = tag
	}
	return n, true
}
