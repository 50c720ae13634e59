package variables

import (
	"errors"
	"fmt"
	"strings"

	"github.com/drone/envsubst/v2/parse"
)

// errNoEnd is reported when no closing brace within maxCandidates closes a
// variable although the parser did not fail (a pathological replace pattern).
var errNoEnd = errors.New("no closing brace found for this variable")

// ParseError is a `${` clusterctl cannot parse. clusterctl prints Err alone, with no
// file or line, and stops; Line and Text say where it is.
type ParseError struct {
	Line int    // 1-based line of the offending "${" in the original file
	Text string // the offending text, up to its first "}" or the end of the line
	Err  error  // the envsubst error (parse.ErrMissingClosingBrace, ...)
}

// Error reads "line 12: clusterctl cannot parse ${VAR-x}: missing closing brace; <hint>".
func (e *ParseError) Error() string {
	return fmt.Sprintf("line %d: clusterctl cannot parse %s: %v; %s", e.Line, e.Text, e.Err, e.Hint())
}

// Unwrap returns the envsubst sentinel error.
func (e *ParseError) Unwrap() error { return e.Err }

// Hint says how to fix the text so clusterctl accepts it.
func (e *ParseError) Hint() string {
	escape := "if it is literal text (a shell script, a comment, JSONPath), escape it as $${"
	switch {
	case strings.HasPrefix(e.Text, "${{"):
		return "this looks like a GitHub Actions expression: escape it as $${{ … }}"
	case errors.Is(e.Err, parse.ErrMissingClosingBrace) && !strings.Contains(e.Text, "}"):
		return "close it with } on the same line; " + escape
	case errors.Is(e.Err, parse.ErrMissingClosingBrace):
		return "clusterctl supports only ${NAME}, ${NAME:=default}, ${NAME=default} and ${NAME:-default} " +
			"(no ${NAME-x}, ${NAME+x}, dots, brackets or $ inside the braces); " + escape
	case errors.Is(e.Err, parse.ErrParseVariableName):
		return "a name (letters, digits, _) must follow ${ directly; spaces are tolerated only around " +
			"a bare name (${ NAME }), never with an operator (${ NAME:=x }); " + escape
	}
	return "write ${NAME} or ${NAME:=default}; " + escape
}

// parseError builds the ParseError for the "${" at normalised offset p.
func (s *source) parseError(p int, err error) *ParseError {
	off := s.origOffset(p)
	rest := s.orig[off:]
	if i := strings.Index(rest, "}}"); strings.HasPrefix(rest, "${{") && i >= 0 {
		rest = rest[:i+2]
	} else if i := strings.IndexAny(rest, "}\n"); i >= 0 {
		rest = rest[:i+1]
	}
	return &ParseError{Line: s.line(off), Text: snippet(strings.TrimRight(rest, "\r\n")), Err: err}
}
