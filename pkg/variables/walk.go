package variables

import (
	"errors"
	"strings"

	"github.com/drone/envsubst/v2/parse"
)

const (
	// maxCandidates bounds how many closing braces are tried to find the end of
	// one `${`; real variables close within a handful (one per nested variable).
	maxCandidates = 256
	// maxParseErrors stops the scan of a badly broken file (clusterctl stops at one).
	maxParseErrors = 50
)

// found is one occurrence with its offset in the original text.
type found struct {
	use Use
	off int
}

// result is everything a scan of one file finds.
type result struct {
	uses []found // ${...} occurrences, top-level and nested, in file order
	bare []found // $NAME without braces (literal text for clusterctl)
	errs []*ParseError
}

// walk scans the normalised text the way envsubst's parseAny does at top level:
// "${" starts a variable, "$$" is an escape, anything else is text. Each variable
// is parsed on its own with parse.Parse (clusterctl's parser), so the nodes are
// exactly clusterctl's while the offsets stay known.
func (s *source) walk() result {
	var r result
	text := s.norm
	if i := strings.IndexByte(text, 0); i >= 0 {
		text = text[:i] // envsubst's scanner treats NUL as end of input
	}
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], '$')
		if j < 0 {
			break
		}
		i += j
		switch {
		case strings.HasPrefix(text[i:], "${"):
			i = s.variable(&r, text, i)
			if len(r.errs) >= maxParseErrors {
				return r
			}
		case strings.HasPrefix(text[i:], "$$"):
			i += 2
		default:
			i = s.bareName(&r, text, i)
		}
	}
	return r
}

// variable records the variable starting at text[p:] and returns where scanning resumes.
func (s *source) variable(r *result, text string, p int) int {
	end, node, err := funcEnd(text, p, len(r.errs) == 0)
	if err != nil {
		r.errs = append(r.errs, s.parseError(p, err))
		return p + 2
	}
	top := s.use(node, p, false)
	top.use.Text = snippet(s.orig[top.off:s.origOffset(end)])
	r.uses = append(r.uses, top)
	r.uses = append(r.uses, s.nested(text[p:end], p, node, top.use.Line)...)
	return end
}

// funcEnd finds the end of the variable at text[p:]: scanEnd follows the parser in
// one pass, and text[p:end] is then parsed once for its nodes (the parser never looks
// past the brace that closes a variable, so that prefix parses like the whole file).
// A variable is looked for within maxCandidates closing braces, as before scanEnd
// existed, so reports stay the same. On failure it returns the parser's error for
// the variable (full=true parses the rest of the file, as clusterctl does, to get
// its exact message).
func funcEnd(text string, p int, full bool) (int, *parse.FuncNode, error) {
	if q, f := firstBrace(text, p); f != nil {
		return q, f, nil
	}
	end, limited, err := scanEnd(text, p)
	if err == nil {
		if t, err := parse.Parse(text[p:end]); err == nil {
			if f, isFunc := t.Root.(*parse.FuncNode); isFunc {
				return end, f, nil
			}
		}
	} else if errors.Is(err, errTooDeep) || !full || !limited {
		return 0, nil, err // the parser's own error for the text the search saw
	}
	if _, err := parse.Parse(text[p:]); err != nil {
		return 0, nil, err
	}
	return 0, nil, errNoEnd
}

// firstBrace is the common case, tried first: a short variable that ends at the
// first closing brace (the first candidate the search takes, so the same answer).
func firstBrace(text string, p int) (int, *parse.FuncNode) {
	k := strings.IndexByte(text[p+2:], '}')
	if k < 0 || k > 256 {
		return 0, nil
	}
	q := p + 2 + k + 1
	if t, err := parse.Parse(text[p:q]); err == nil {
		if f, ok := t.Root.(*parse.FuncNode); ok {
			return q, f
		}
	}
	return 0, nil
}

// bareName records $NAME (upper-case, unbraced), which clusterctl leaves as text.
// A mixed-case identifier ($IPv6, $BackendServers: Go-template names) and text in
// the description of an OpenAPI schema (documentation) are skipped.
func (s *source) bareName(r *result, text string, i int) int {
	n := spanOf(text, i+1, isUpperNameByte)
	if n == 0 || isDigit(text[i+1]) {
		return i + 1
	}
	if i+1+n < len(text) && isLower(text[i+1+n]) {
		return i + 1 + n + spanOf(text, i+1+n, isNameByte)
	}
	off := s.origOffset(i)
	if s.inSchemaDescription(off) {
		return i + 1 + n
	}
	r.bare = append(r.bare, found{off: off, use: Use{
		Name: text[i+1 : i+1+n], Line: s.line(off), InComment: s.inComment(off), Text: text[i : i+1+n],
	}})
	return i + 1 + n
}

func isUpperNameByte(c byte) bool { return c == '_' || isDigit(c) || ('A' <= c && c <= 'Z') }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

func isNameByte(c byte) bool { return isUpperNameByte(c) || isLower(c) }
