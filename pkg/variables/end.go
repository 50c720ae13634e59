package variables

import (
	"errors"
	"unicode"
	"unicode/utf8"
)

// maxDepth bounds how deeply variables may nest in one default before the scan gives
// up (parsers recurse once per level).
const maxDepth = 100_000

var errTooDeep = errors.New("variables nested more than 100000 levels deep")

// endScanner mirrors drone/envsubst's parser (parse.go and scan.go) on the text of
// one variable, tracking only positions, so the end of a variable is found in one
// pass whatever its nesting depth. Escapes are consumed in place instead of being
// cut out of the buffer, which gives the same positions in the original text.
type endScanner struct {
	buf          string
	pos, start   int
	width, skips int
	depth        int
	tooDeep      bool
	hi, braces   int // furthest offset read and the '}' up to it
	limit        int // after the maxCandidates-th '}': the scan ends there (0: not reached)
	mode         byte
	accept       func(rune, int) bool
}

const (
	mIdent byte = 1 << iota
	mLbrack
	mRbrack
	mEscape
)

type token int

const (
	tIllegal token = iota
	tEOF
	tIdent
	tLbrack
	tRbrack
)

// scanEnd returns the end of the variable at text[p:] ("${..."), as the parser
// would consume it, or the parser's error for it (errTooDeep past maxDepth). Like
// the brace-by-brace search it replaced, it reads no further than the
// maxCandidates-th '}' after the "${" (the text ends there for it); limited reports
// whether that happened.
func scanEnd(text string, p int) (end int, limited bool, err error) {
	s := &endScanner{buf: text, pos: p + 2, hi: p + 2}
	if err := s.fn(); err != nil {
		if s.tooDeep {
			return 0, false, errTooDeep
		}
		return 0, s.limit > 0, err
	}
	return s.pos, s.limit > 0, nil
}

func (s *endScanner) read() rune {
	if s.pos >= len(s.buf) || s.limit > 0 && s.pos >= s.limit {
		s.width = 0
		return 0
	}
	r, w := utf8.DecodeRuneInString(s.buf[s.pos:])
	s.width = w
	s.pos += w
	if s.pos > s.hi {
		s.hi = s.pos
		if r == '}' {
			if s.braces++; s.braces == maxCandidates {
				s.limit = s.pos
			}
		}
	}
	return r
}

func (s *endScanner) unread() { s.pos -= s.width }

func (s *endScanner) peek() rune {
	r := s.read()
	s.unread()
	return r
}

// skip drops the escape character just read: the escaped one that follows is
// taken as text (both are ASCII).
func (s *endScanner) skip() {
	s.pos++
	s.skips++
	s.hi = max(s.hi, s.pos)
}

func (s *endScanner) scan() token {
	s.start, s.skips = s.pos, 0
	r := s.read()
	switch {
	case r == 0:
		return tEOF
	case s.lbrack(r):
		return tLbrack
	case s.rbrack(r):
		return tRbrack
	case s.ident(r):
		return tIdent
	}
	return tIllegal
}

func (s *endScanner) at() int { return s.pos - s.start - s.skips }

func (s *endScanner) ident(r rune) bool {
	if s.mode&mIdent == 0 {
		return false
	}
	if s.escaped(r) {
		s.skip()
	} else if !s.accept(r, s.at()) {
		return false
	}
	for {
		r := s.read()
		switch {
		case r == 0:
			s.unread()
			return true
		case s.lbrack(r):
			s.unread()
			s.unread()
			return true
		}
		if s.escaped(r) {
			s.skip()
			continue
		}
		if !s.accept(r, s.at()) {
			s.unread()
			return true
		}
	}
}

func (s *endScanner) lbrack(r rune) bool {
	if s.mode&mLbrack == 0 || r != '$' {
		return false
	}
	if s.read() == '{' {
		return true
	}
	s.unread()
	return false
}

func (s *endScanner) rbrack(r rune) bool { return s.mode&mRbrack != 0 && r == '}' }

func (s *endScanner) escaped(r rune) bool {
	if s.mode&mEscape == 0 {
		return false
	}
	switch r {
	case '$':
		return s.peek() == '$'
	case '\\':
		c := s.peek()
		return c == '/' || c == '\\'
	}
	return false
}

func (s *endScanner) set(accept func(rune, int) bool, mode byte) {
	s.accept, s.mode = accept, mode
}

func isIdentRune(r rune, _ int) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }
