package variables

import (
	"strings"

	"github.com/drone/envsubst/v2/parse"
)

// use builds the Use for a FuncNode found at normalised offset p.
func (s *source) use(f *parse.FuncNode, p int, nested bool) found {
	off := s.origOffset(p)
	def := defaultOf(f)
	return found{off: off, use: Use{
		Name:       f.Param,
		Op:         f.Name,
		Default:    def,
		HasDefault: def != "",
		Line:       s.line(off),
		Nested:     nested,
		InComment:  s.inComment(off),
		Spaced:     s.spaced(p),
	}}
}

// defaultOf is clusterctl's traverse: the args concatenated, a nested variable
// written as ${NAME}. "" means the variable is required.
func defaultOf(f *parse.FuncNode) string {
	var b strings.Builder
	for _, a := range f.Args {
		switch w := a.(type) {
		case *parse.FuncNode:
			b.WriteString("${" + w.Param + "}")
		case *parse.TextNode:
			b.WriteString(w.Value)
		}
	}
	return b.String()
}

// nested returns the variables inside the args of a top-level variable, in source
// order. Their "${" are matched in order with the nodes; if an escape inside a
// replace pattern makes the counts differ, they get the line of their parent.
func (s *source) nested(seg string, p int, f *parse.FuncNode, line int) []found {
	nodes := nestedNodes(f, nil)
	if len(nodes) == 0 {
		return nil
	}
	var at []int
	for i := 2; i < len(seg); {
		k := strings.Index(seg[i:], "${")
		if k < 0 {
			break
		}
		at = append(at, p+i+k)
		i += k + 2
	}
	out := make([]found, len(nodes))
	for i, n := range nodes {
		if len(at) == len(nodes) {
			out[i] = s.use(n, at[i], true)
		} else {
			out[i] = s.use(n, p, true)
			out[i].use.Line = line
		}
		out[i].use.Text = render(n)
	}
	return out
}

// nestedNodes lists the FuncNodes inside f's args in pre-order (source order).
func nestedNodes(f *parse.FuncNode, out []*parse.FuncNode) []*parse.FuncNode {
	for _, a := range f.Args {
		if g, ok := a.(*parse.FuncNode); ok {
			out = append(out, g)
			out = nestedNodes(g, out)
		}
	}
	return out
}

// render writes a FuncNode back as text (best effort: escapes are not restored).
func render(f *parse.FuncNode) string {
	var args []string
	for _, a := range f.Args {
		switch w := a.(type) {
		case *parse.FuncNode:
			args = append(args, render(w))
		case *parse.TextNode:
			args = append(args, w.Value)
		}
	}
	sep := ""
	switch f.Name {
	case ":":
		sep = ":"
	case "/", "//", "/#", "/%":
		sep = "/"
	case "#":
		if len(args) == 0 {
			return "${#" + f.Param + "}"
		}
	}
	return snippet("${" + f.Param + f.Name + strings.Join(args, sep) + "}")
}

// snippet shortens source text for messages: line breaks (and the indentation
// after them) become one space, and at most 60 bytes are kept.
func snippet(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		fields := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' })
		for i := range fields {
			if i > 0 {
				fields[i] = strings.TrimLeft(fields[i], " \t")
			}
		}
		s = strings.Join(fields, " ")
	}
	cut := min(len(s), 60)
	for cut < len(s) && cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	if cut < len(s) {
		return s[:cut] + "…"
	}
	return s
}

func utf8Start(c byte) bool { return c&0xC0 != 0x80 }
