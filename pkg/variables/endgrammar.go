package variables

// The functions below follow drone/envsubst's parse.go one for one (parseFunc,
// parseParam, parseDefaultFunc, ...), returning false where it returns an error.

func (s *endScanner) fn() bool {
	if s.depth++; s.depth > maxDepth {
		s.tooDeep = true
		return false
	}
	defer func() { s.depth-- }()
	if s.peek() == '#' {
		return s.lenFunc()
	}
	s.set(isIdentRune, mIdent)
	if s.scan() != tIdent {
		return false
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
	return s.scan() == tRbrack
}

func (s *endScanner) param(accept func(rune, int) bool, mode byte) bool {
	s.set(accept, mode|mLbrack)
	switch s.scan() {
	case tLbrack:
		return s.fn()
	case tIdent, tRbrack:
		return true
	}
	return false
}

func (s *endScanner) consumeRbrack() bool {
	s.mode = mRbrack
	return s.scan() == tRbrack
}

func (s *endScanner) defaultOrSubstr() bool {
	s.read()
	r := s.peek()
	s.unread()
	switch r {
	case '=', '-', '?', '+':
		return s.defaultFunc()
	}
	return s.substr()
}

func (s *endScanner) substr() bool {
	s.set(func(r rune, i int) bool { return i == 1 && r == ':' }, mIdent)
	if s.scan() != tIdent || !s.param(func(r rune, _ int) bool { return r != ':' && r != '}' }, mIdent) {
		return false
	}
	s.set(func(r rune, _ int) bool { return r == ':' }, mIdent|mRbrack)
	switch s.scan() {
	case tRbrack:
		return true
	case tIdent:
	default:
		return false
	}
	return s.param(notClosing, mIdent) && s.consumeRbrack()
}

func (s *endScanner) remove(accept func(rune, int) bool) bool {
	s.set(accept, mIdent)
	return s.scan() == tIdent && s.param(notClosing, mIdent) && s.consumeRbrack()
}

func (s *endScanner) replace() bool {
	s.set(acceptReplace, mIdent)
	if s.scan() != tIdent || !s.param(func(r rune, _ int) bool { return r != '/' }, mIdent|mEscape) {
		return false
	}
	s.set(func(r rune, _ int) bool { return r == '/' }, mIdent)
	if s.scan() != tIdent {
		return false
	}
	if s.peek() == '}' {
		return s.consumeRbrack()
	}
	return s.param(notClosing, mIdent|mEscape) && s.consumeRbrack()
}

func (s *endScanner) defaultFunc() bool {
	s.set(acceptDefault, mIdent)
	if s.peek() == '=' {
		s.accept = func(r rune, i int) bool { return i == 1 && r == '=' }
	}
	if s.scan() != tIdent {
		return false
	}
	for {
		if s.peek() == '}' {
			return s.consumeRbrack()
		}
		if !s.param(notClosing, mIdent) {
			return false
		}
	}
}

func (s *endScanner) simple(accept func(rune, int) bool) bool {
	s.set(accept, mIdent)
	return s.scan() == tIdent && s.consumeRbrack()
}

func (s *endScanner) lenFunc() bool {
	s.set(func(r rune, i int) bool { return r == '#' && i == 1 }, mIdent)
	if s.scan() != tIdent {
		return false
	}
	s.set(isIdentRune, mIdent)
	return s.scan() == tIdent && s.consumeRbrack()
}

func notClosing(r rune, _ int) bool { return r != '}' }

func acceptCasing(r rune, i int) bool { return (r == ',' || r == '^') && i < 3 }

func acceptDefault(r rune, i int) bool {
	return i == 1 && r == ':' || i == 2 && (r == '=' || r == '-' || r == '?' || r == '+')
}

func acceptReplace(r rune, i int) bool {
	return i == 1 && r == '/' || i == 2 && (r == '/' || r == '#' || r == '%')
}
