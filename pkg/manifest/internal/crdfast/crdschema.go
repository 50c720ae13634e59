package crdfast

import (
	"bytes"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Tree is a node of the tree of schema properties the contract rules read (see
// pkg/contract's schema rules). Of every schema node on such a path only the
// attributes in keptAttrs, the structure (properties, items, additionalProperties)
// and the kept children remain; everything else of a CRD schema is dropped while
// parsing with Options.Slim, so a 20 MB components file stays cheap.
type Tree struct {
	children map[string]*Tree
	names    bool // keep every child's name and attributes (e.g. "has properties")
}

// keptAttrs are the schema attributes kept on a contract path.
var keptAttrs = map[string]bool{
	"type": true, "nullable": true, "format": true,
	"x-kubernetes-preserve-unknown-fields": true, "x-kubernetes-int-or-string": true,
}

// NewTree is the tree of paths (dot-separated, from the root of openAPIV3Schema); a
// path ending in ".*" keeps the names of every child.
func NewTree(paths []string) *Tree {
	root := &Tree{}
	for _, p := range paths {
		cur := root
		for _, step := range strings.Split(p, ".") {
			if step == "*" {
				cur.names = true
				continue
			}
			if cur.children == nil {
				cur.children = map[string]*Tree{}
			}
			if cur.children[step] == nil {
				cur.children[step] = &Tree{}
			}
			cur = cur.children[step]
		}
	}
	return root
}

// child is the node of property name under k (nil: drop it).
func (k *Tree) child(name string) *Tree {
	if c := k.children[name]; c != nil {
		return c
	}
	if k.names {
		return &Tree{}
	}
	return nil
}

// PruneSchemaHolder prunes the schema under key ("schema" of a versions item or
// "validation") of mapping n: its openAPIV3Schema keeps only contract paths.
func PruneSchemaHolder(n *yaml.Node, key string, t *Tree) {
	holder := MapValue(n, key)
	if holder == nil || holder.Kind != yaml.MappingNode {
		dropKey(n, key)
		return
	}
	kept := holder.Content[:0:0]
	for i := 0; i+1 < len(holder.Content); i += 2 {
		if holder.Content[i].Value == "openAPIV3Schema" {
			kept = append(kept, holder.Content[i], pruneNode(holder.Content[i+1], t))
		}
	}
	holder.Content = kept
	if len(kept) == 0 { // nothing kept: dropped, as after the text pruning
		dropKey(n, key)
	}
}

// pruneNode returns a copy of schema node n with only what k keeps.
func pruneNode(n *yaml.Node, k *Tree) *yaml.Node {
	if n.Kind == yaml.SequenceNode {
		return nullAt(n) // not a schema: as the text pruning leaves it (it drops "- " lines)
	}
	if n.Kind != yaml.MappingNode {
		return n
	}
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: n.Tag, Line: n.Line, Column: n.Column}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], n.Content[i+1]
		switch {
		case keptAttrs[key.Value]:
			out.Content = append(out.Content, key, val)
		case key.Value == "items" || key.Value == "additionalProperties":
			out.Content = append(out.Content, key, pruneNode(val, k))
		case key.Value == "properties" && (k.children != nil || k.names):
			out.Content = append(out.Content, key, pruneProperties(val, k))
		}
	}
	if len(out.Content) == 0 { // nothing kept reads as null, as the text pruning leaves it
		return nullAt(n)
	}
	return out
}

func nullAt(n *yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: n.Line, Column: n.Column}
}

// pruneProperties keeps the properties k names; none left reads as null, as the
// rendered-text path (keepSchemaLine) leaves it.
func pruneProperties(n *yaml.Node, k *Tree) *yaml.Node {
	if n.Kind == yaml.SequenceNode {
		return nullAt(n)
	}
	if n.Kind != yaml.MappingNode {
		return n
	}
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: n.Tag, Line: n.Line, Column: n.Column}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if c := k.child(n.Content[i].Value); c != nil {
			out.Content = append(out.Content, n.Content[i], pruneNode(n.Content[i+1], c))
		}
	}
	if len(out.Content) == 0 {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "", Line: n.Line, Column: n.Column}
	}
	return out
}

// schemaLines keeps, line by line, the contract paths of a schema block of text
// kustomize rendered (block style, two-space indentation, sequences at their key's
// indentation): the text twin of PruneSchemaHolder, used by BlankSchemas. Lines it
// drops become empty, so every kept line keeps its number.
type schemaLines struct {
	root   *Tree
	frames []frame
	skip   int // indentation of a dropped key whose block is being dropped, -1 if none
}

type frame struct {
	indent int
	kind   byte // 'h' holder (schema:/validation:), 'n' schema node, 'p' properties, 'a' kept as is
	k      *Tree
}

func newSchemaLines(indent int, t *Tree) *schemaLines {
	return &schemaLines{root: t, frames: []frame{{indent: indent, kind: 'h'}}, skip: -1}
}

// keepLine reports whether a line of the schema block (indentation ind) stays.
func (s *schemaLines) keepLine(line []byte, ind int) bool {
	dash := len(line) > ind && line[ind] == '-'
	if s.skip >= 0 && (ind > s.skip || ind == s.skip && dash) {
		return false
	}
	s.skip = -1
	for len(s.frames) > 1 && s.frames[len(s.frames)-1].indent >= ind {
		s.frames = s.frames[:len(s.frames)-1]
	}
	top := s.frames[len(s.frames)-1]
	if top.kind == 'a' {
		return true
	}
	next, ok := s.child(top, lineKey(line[ind:]))
	if dash || !ok {
		s.skip = ind
		return false
	}
	next.indent = ind
	s.frames = append(s.frames, next)
	return true
}

// child is the frame a key opens under top, ok false when the key is dropped.
func (s *schemaLines) child(top frame, key string) (frame, bool) {
	switch top.kind {
	case 'h':
		return frame{kind: 'n', k: s.root}, key == "openAPIV3Schema"
	case 'p':
		c := top.k.child(key)
		return frame{kind: 'n', k: c}, c != nil
	}
	switch {
	case keptAttrs[key]:
		return frame{kind: 'a'}, true
	case key == "items" || key == "additionalProperties":
		return frame{kind: 'n', k: top.k}, true
	case key == "properties" && (top.k.children != nil || top.k.names):
		return frame{kind: 'p', k: top.k}, true
	}
	return frame{}, false
}

// lineKey is the mapping key a line starts with ("" if none), unquoted.
func lineKey(s []byte) string {
	t := bytes.TrimRight(s, " \r\n")
	if len(t) > 0 && (t[0] == '"' || t[0] == '\'') {
		if end := bytes.IndexByte(t[1:], t[0]); end >= 0 {
			return string(t[1 : end+1])
		}
		return ""
	}
	if i := bytes.Index(t, []byte(": ")); i >= 0 {
		return string(t[:i])
	}
	return string(bytes.TrimSuffix(t, []byte(":")))
}
