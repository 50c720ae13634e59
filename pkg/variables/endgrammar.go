package variables

import "github.com/drone/envsubst/v2/parse"

// The functions below follow drone/envsubst's parse.go one for one (parseFunc,
// parseParam, parseDefaultFunc, ...) and return the same errors.

func (s *endScanner) fn() error {
	if s.depth++; s.depth > maxDepth {
		s.tooDeep = true
		return errTooDeep
	}
	defer func() { s.depth-- }()
	if s.peek() == '#' {
		return s.lenFunc()
	}
	s.set(isIdentRune, mIdent)
	if s.scan() != tIdent {
		return parse.ErrParseVariableName
	}
	switch s.peek() {
	case ':':
		return s.defaultOrSubstr()
	case '=':
		return s.defaultFunc()
	case ',', '^':
		return s.simple(acceptCasing)
	case '/':
		return s.replace()
	case '#':
		return s.remove(func(r rune, i int) bool { return r == '#' && i < 3 })
	case '%':
		return s.remove(func(r rune, i int) bool { return r == '%' && i < 3 })
	}
	s.set(isIdentRune, mRbrack)
	if s.scan() != tRbrack {
		return parse.ErrMissingClosingBrace
	}
	return nil
}

func (s *endScanner) param(accept func(rune, int) bool, mode byte) error {
	s.set(accept, mode|mLbrack)
	switch s.scan() {
	case tLbrack:
		return s.fn()
	case tIdent, tRbrack:
		return nil
	}
	return parse.ErrParseFuncSubstitution
}

func (s *endScanner) consumeRbrack() error {
	s.mode = mRbrack
	if s.scan() != tRbrack {
		return parse.ErrBadSubstitution
	}
	return nil
}

func (s *endScanner) defaultOrSubstr() error {
	s.read()
	r := s.peek()
	s.unread()
	switch r {
	case '=', '-', '?', '+':
		return s.defaultFunc()
	}
	return s.substr()
}

func (s *endScanner) substr() error {
	s.set(func(r rune, i int) bool { return i == 1 && r == ':' }, mIdent)
	if s.scan() != tIdent {
		return parse.ErrBadSubstitution
	}
	if err := s.param(func(r rune, _ int) bool { return r != ':' && r != '}' }, mIdent); err != nil {
		return err
	}
	s.set(func(r rune, _ int) bool { return r == ':' }, mIdent|mRbrack)
	switch s.scan() {
	case tRbrack:
		return nil
	case tIdent:
	default:
		return parse.ErrBadSubstitution
	}
	if err := s.param(notClosing, mIdent); err != nil {
		return err
	}
	return s.consumeRbrack()
}

func (s *endScanner) remove(accept func(rune, int) bool) error {
	s.set(accept, mIdent)
	if s.scan() != tIdent {
		return parse.ErrBadSubstitution
	}
	if err := s.param(notClosing, mIdent); err != nil {
		return err
	}
	return s.consumeRbrack()
}

func (s *endScanner) replace() error {
	s.set(acceptReplace, mIdent)
	if s.scan() != tIdent {
		return parse.ErrBadSubstitution
	}
	if err := s.param(func(r rune, _ int) bool { return r != '/' }, mIdent|mEscape); err != nil {
		return err
	}
	s.set(func(r rune, _ int) bool { return r == '/' }, mIdent)
	if s.scan() != tIdent {
		return parse.ErrBadSubstitution
	}
	if s.peek() == '}' {
		return s.consumeRbrack()
	}
	if err := s.param(notClosing, mIdent|mEscape); err != nil {
		return err
	}
	return s.consumeRbrack()
}

func (s *endScanner) defaultFunc() error {
	s.set(acceptDefault, mIdent)
	if s.peek() == '=' {
		s.accept = func(r rune, i int) bool { return i == 1 && r == '=' }
	}
	if s.scan() != tIdent {
		return parse.ErrParseDefaultFunction
	}
	for {
		if s.peek() == '}' {
			return s.consumeRbrack()
		}
		if err := s.param(notClosing, mIdent); err != nil {
			return err
		}
	}
}

func (s *endScanner) simple(accept func(rune, int) bool) error {
	s.set(accept, mIdent)
	if s.scan() != tIdent {
		return parse.ErrBadSubstitution
	}
	return s.consumeRbrack()
}

func (s *endScanner) lenFunc() error {
	s.set(func(r rune, i int) bool { return r == '#' && i == 1 }, mIdent)
	if s.scan() != tIdent {
		return parse.ErrBadSubstitution
	}
	s.set(isIdentRune, mIdent)
	if s.scan() != tIdent {
		return parse.ErrBadSubstitution
	}
	return s.consumeRbrack()
}

func notClosing(r rune, _ int) bool { return r != '}' }

func acceptCasing(r rune, i int) bool { return (r == ',' || r == '^') && i < 3 }

func acceptDefault(r rune, i int) bool {
	return i == 1 && r == ':' || i == 2 && (r == '=' || r == '-' || r == '?' || r == '+')
}

func acceptReplace(r rune, i int) bool {
	return i == 1 && r == '/' || i == 2 && (r == '/' || r == '#' || r == '%')
}
