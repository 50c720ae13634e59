package lint

import (
	"fmt"
	"strings"
	"unicode"
)

// Terminal escapes text for a terminal or a CI log, where remote strings (asset
// names, layer titles, server messages) are printed: control characters (ANSI
// escapes, carriage returns) and bidirectional overrides become \xNN or \uNNNN; a line
// after the first that would pass for capirepo's own `error:` line is indented, and
// one that would start a GitHub workflow command (`::`) has its colons escaped as
// GitHub escapes them (%3A). Newlines and tabs are kept.
func Terminal(s string) string {
	lines := strings.Split(escapeControls(s, false), "\n")
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " \t")
		switch {
		case strings.HasPrefix(trimmed, "::"):
			lines[i] = line[:len(line)-len(trimmed)] + "%3A%3A" + trimmed[2:]
		case i > 0 && strings.HasPrefix(trimmed, "error:"):
			lines[i] = "  " + line
		}
	}
	return strings.Join(lines, "\n")
}

// TerminalLine is Terminal for text that must stay on one line: newlines are
// escaped too.
func TerminalLine(s string) string { return Terminal(escapeControls(s, true)) }

func escapeControls(s string, newlines bool) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return needsEscape(r, newlines) }) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !needsEscape(r, newlines):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

func needsEscape(r rune, newlines bool) bool {
	switch {
	case r == '\t':
		return false
	case r == '\n':
		return newlines
	case r == unicode.ReplacementChar:
		return false
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}
