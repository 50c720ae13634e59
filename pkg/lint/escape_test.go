package lint

import "testing"

func TestTerminalEscapes(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"plain text\n  and a second line", "plain text\n  and a second line"},
		{"asset \x1b[31mred\x1b[0m", `asset \x1b[31mred\x1b[0m`},
		{"v1\r\nerror: forged", "v1\\x0d\n  error: forged"},
		{"name\n::error::forged\n  ::stop-commands::x", "name\n%3A%3Aerror::forged\n  %3A%3Astop-commands::x"},
		{"::warning at the start", "%3A%3Awarning at the start"},
		{"bidi \u202etxt.yaml", `bidi \u202etxt.yaml`},
	} {
		if got := Terminal(tt.in); got != tt.want {
			t.Errorf("Terminal(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := TerminalLine("a\nerror: b"); got != `a\x0aerror: b` {
		t.Errorf("TerminalLine = %q", got)
	}
}
