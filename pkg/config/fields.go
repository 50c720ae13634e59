package config

import (
	"fmt"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// problem is one value error of a provider entry: the field it is about (a path inside
// the entry, e.g. "components.kustomize" or "templates[1].flavor"; "" for the entry
// as a whole) and what is wrong and what to do.
type problem struct{ field, msg string }

func at(field, format string, args ...any) problem {
	return problem{field: field, msg: fmt.Sprintf(format, args...)}
}

// fieldLines records the line of every key and list item under n, by field path.
func fieldLines(n *yaml.Node, prefix string, out map[string]int) {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			path := n.Content[i].Value
			if prefix != "" {
				path = prefix + "." + path
			}
			out[path] = n.Content[i].Line
			fieldLines(n.Content[i+1], path, out)
		}
	case yaml.SequenceNode:
		for i, item := range n.Content {
			path := fmt.Sprintf("%s[%d]", prefix, i)
			out[path] = item.Line
			fieldLines(item, path, out)
		}
	}
}

// FieldLine is the line of a field of the provider entry ("components.kustomize",
// "templates[1].path"): its own line, else its nearest written parent's, else the
// entry's.
func (p *Provider) FieldLine(field string) int {
	for f := field; f != ""; f = parent(f) {
		if l, ok := p.lines[f]; ok {
			return l
		}
	}
	return p.Line
}

func parent(f string) string {
	if i := strings.LastIndexAny(f, ".["); i >= 0 {
		return f[:i]
	}
	return ""
}

// At is where a message about a field starts: "FILE:LINE: FIELD".
func (c *Config) At(p *Provider, field string) string {
	return fmt.Sprintf("%s:%d: %s", c.File, p.FieldLine(field), field)
}

// message formats one problem of provider p.
func (c *Config) message(p *Provider, pr problem) string {
	if pr.field == "" {
		return fmt.Sprintf("%s:%d: provider %q: %s", c.File, p.Line, p.Name, pr.msg)
	}
	return c.At(p, pr.field) + ": " + pr.msg
}
