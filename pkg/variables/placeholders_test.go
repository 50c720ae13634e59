package variables

import (
	"slices"
	"strings"
	"testing"
)

// TestPlaceholders: inline variables become placeholders, a variable alone on its line
// becomes empty, lines keep their numbers, escapes stay, originals are kept as written
// after clusterctl's legacy normalisation.
func TestPlaceholders(t *testing.T) {
	t.Parallel()
	in := "a: [${A}, ${ B }]\n${K:=k}: ${V}\n  ${BLOCK}\nc: $${NOT_A_VAR}\n"
	text, orig, err := Placeholders([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(text, "\n") != strings.Count(in, "\n") || strings.Contains(text, "${A}") || strings.Contains(text, "BLOCK") || !strings.Contains(text, "$${NOT_A_VAR}") {
		t.Errorf("text:\n%s", text)
	}
	var got []string
	for _, o := range orig {
		got = append(got, o)
	}
	slices.Sort(got)
	if strings.Join(got, " ") != "${A} ${B} ${K:=k} ${V}" {
		t.Errorf("originals %v", got)
	}
	for p := range orig {
		if strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
			t.Errorf("placeholder %q is not letters and digits", p)
		}
	}
	if _, _, err := Placeholders([]byte("a: ${A\nb: c\n")); err == nil {
		t.Error("an unclosed variable parses")
	}
	if text, _, _ := Placeholders([]byte("capirepoVar: x\nb: ${B}\n")); !strings.Contains(text, "capirepoVarz0Q") {
		t.Errorf("placeholder collides with the text: %s", text)
	}
}
