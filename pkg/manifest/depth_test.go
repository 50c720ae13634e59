package manifest

import (
	"strings"
	"testing"
)

func TestCheckDepth(t *testing.T) {
	t.Parallel()
	flow := func(d int) string { return "a: " + strings.Repeat("{a: ", d) + "1" + strings.Repeat("}", d) + "\n" }
	block := func(d int) string {
		var b strings.Builder
		for i := range d {
			b.WriteString(strings.Repeat("  ", i) + "a:\n")
		}
		return b.String() + strings.Repeat("  ", d) + "b: 1\n"
	}
	for _, tt := range []struct {
		name, data string
		line       int // 0: accepted
	}{
		{"flow under the cap", flow(200), 0},
		{"flow over the cap", "x: 1\n---\n" + flow(300), 3},
		{"block under the cap", block(200), 0},
		{"block over the cap", block(300), 256},
		{"unbalanced brackets in text", "a: |\n" + strings.Repeat("  if x {\n", 400), 0},
	} {
		err := CheckDepth([]byte(tt.data))
		if (err == nil) != (tt.line == 0) || err != nil && !strings.Contains(err.Error(), "the cap of 256 levels of nesting") {
			t.Errorf("%s: %v", tt.name, err)
		}
		if e, ok := err.(*Error); ok && e.Line != tt.line {
			t.Errorf("%s: line %d, want %d", tt.name, e.Line, tt.line)
		}
	}
}
