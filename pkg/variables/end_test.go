package variables

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/drone/envsubst/v2/parse"
)

// candidateEnd is the search funcEnd replaced: try each closing brace in turn.
func candidateEnd(text string, p int, full bool) (int, error) {
	q, limit := p+2, len(text)
	for range maxCandidates {
		k := strings.IndexByte(text[q:], '}')
		if k < 0 {
			full = true
			break
		}
		q += k + 1
		t, err := parse.Parse(text[p:q])
		if err != nil {
			continue
		}
		if _, ok := t.Root.(*parse.FuncNode); ok {
			return q, nil
		}
		break
	}
	if !full {
		limit = q
	}
	if _, err := parse.Parse(text[p:limit]); err != nil {
		return 0, err
	}
	return 0, errNoEnd
}

// TestFuncEndMatchesCandidateSearch checks the one-pass scanner against the
// brace-by-brace search on random text made of the parser's special characters.
func TestFuncEndMatchesCandidateSearch(t *testing.T) {
	t.Parallel()
	alphabet := []string{"${", "${", "$", "{", "}", "}", ":", "=", "-", "?", "+", "/", "#", "%", ",", "^", `\`, "A", "b", "1", "é", " ", "\n", "$$", "\xff"}
	rnd := rand.New(rand.NewSource(1))
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		b.WriteString("${")
		for range 1 + rnd.Intn(40) {
			b.WriteString(alphabet[rnd.Intn(len(alphabet))])
		}
		text := b.String()
		for _, full := range []bool{false, true} {
			wantEnd, wantErr := candidateEnd(text, 0, full)
			gotEnd, _, gotErr := funcEnd(text, 0, full)
			if gotEnd != wantEnd || errString(gotErr) != errString(wantErr) {
				t.Fatalf("%q (full=%v): end %d err %v, want %d %v", text, full, gotEnd, gotErr, wantEnd, wantErr)
			}
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestDeepNestingIsLinear: 20,000 nested defaults are one variable with 19,999
// nested ones (beyond maxCandidates braces the search reports them, as before).
func TestDeepNesting(t *testing.T) {
	t.Parallel()
	in := "k: " + strings.Repeat("${A:=", 200) + "x" + strings.Repeat("}", 200) + "\n"
	us, err := Scan([]byte(in))
	if err != nil || len(us) != 200 || us[0].Default != "${A}" || us[199].Default != "x" {
		t.Fatalf("Scan = %d uses, %v", len(us), err)
	}
	deep := nestedDefaults(20000)
	if fs := Lint("cluster-template.yaml", deep, layout.KindTemplate); len(fs) == 0 {
		t.Fatal("no findings on 20,000 nested defaults")
	}
}

// TestFuncEndMatchesOnDeepInput: the same comparison where the brace limit matters.
func TestFuncEndMatchesOnDeepInput(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("${A:=", 300) + "x"
	cases := []string{
		deep + strings.Repeat("}", 300) + " tail ${B}",
		deep + strings.Repeat("}", 299),
		deep + strings.Repeat("}", 300) + " ${B",
		"${V/" + strings.Repeat("}", maxCandidates+10) + "/y}",
		strings.Repeat("${A:=", 200) + strings.Repeat("}", 200) + "${X:1:2${Y}}",
		"${A:=" + strings.Repeat("${B}", 300) + "}",
	}
	for _, text := range cases {
		for _, full := range []bool{false, true} {
			wantEnd, wantErr := candidateEnd(text, 0, full)
			gotEnd, _, gotErr := funcEnd(text, 0, full)
			if gotEnd != wantEnd || errString(gotErr) != errString(wantErr) {
				t.Errorf("%.40q… (full=%v): end %d err %v, want %d %v", text, full, gotEnd, gotErr, wantEnd, wantErr)
			}
		}
	}
}
