package variables

import (
	"sort"
	"strings"
)

// source ties the normalised text clusterctl parses to the original file.
type source struct {
	orig       string
	norm       string
	edits      []edit
	lineStarts []int       // byte offsets in orig where each line starts
	hasSchema  bool        // the file has an openAPIV3Schema (CRD or ClusterClass variable docs)
	comments   map[int]int // line -> offset of its first comment '#' (-1: none), filled on demand
}

func newSource(orig string) *source {
	norm, edits := normalise(orig)
	starts := make([]int, 1, strings.Count(orig, "\n")+1)
	for i := 0; ; {
		k := strings.IndexByte(orig[i:], '\n')
		if k < 0 {
			break
		}
		i += k + 1
		starts = append(starts, i)
	}
	return &source{orig: orig, norm: norm, edits: edits, lineStarts: starts,
		hasSchema: strings.Contains(orig, "openAPIV3Schema")}
}

// origOffset maps an offset in the normalised text to the original text.
func (s *source) origOffset(n int) int {
	k := sort.Search(len(s.edits), func(i int) bool { return s.edits[i].normAt > n }) - 1
	if k < 0 {
		return n
	}
	e := s.edits[k]
	if n < e.normEnd {
		return e.origAt + min(n-e.normAt, e.origEnd-e.origAt)
	}
	return e.origEnd + n - e.normEnd
}

// spaced reports whether the occurrence at normalised offset n was a legacy `${ VAR }`.
func (s *source) spaced(n int) bool {
	k := sort.Search(len(s.edits), func(i int) bool { return s.edits[i].normAt >= n })
	return k < len(s.edits) && s.edits[k].normAt == n
}

// line returns the 1-based line of an original offset.
func (s *source) line(o int) int {
	return sort.Search(len(s.lineStarts), func(i int) bool { return s.lineStarts[i] > o })
}

// lineText returns the original text of a 1-based line without its newline.
func (s *source) lineText(line int) string {
	if line < 1 || line > len(s.lineStarts) {
		return ""
	}
	end := len(s.orig)
	if line < len(s.lineStarts) {
		end = s.lineStarts[line] - 1
	}
	return strings.TrimSuffix(s.orig[s.lineStarts[line-1]:end], "\r")
}

// inComment guesses whether original offset o lies in a YAML comment: a '#' at the
// start of the line or after a blank, outside a quoted scalar. Lines of block
// scalars (scripts) count too, which is what a reader wants to know.
func (s *source) inComment(o int) bool {
	line := s.line(o)
	at, ok := s.comments[line]
	if !ok {
		at = s.commentStart(line)
		if s.comments == nil {
			s.comments = map[int]int{}
		}
		s.comments[line] = at
	}
	return at >= 0 && at < o
}

// commentStart returns the offset of the '#' that starts a comment on line, or -1.
func (s *source) commentStart(line int) int {
	start := s.lineStarts[line-1]
	end := len(s.orig)
	if line < len(s.lineStarts) {
		end = s.lineStarts[line]
	}
	var quote byte
	for i := start; i < end; i++ {
		c, prev := s.orig[i], byte(' ')
		if i > start {
			prev = s.orig[i-1]
		}
		switch {
		case quote != 0:
			if c == quote && (quote == '\'' || prev != '\\') {
				quote = 0
			}
		case (c == '\'' || c == '"') && strings.IndexByte(" \t:[{,", prev) >= 0:
			quote = c
		case c == '#' && (prev == ' ' || prev == '\t'):
			return i
		}
	}
	return -1
}
