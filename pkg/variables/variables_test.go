package variables

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/drone/envsubst/v2/parse"
)

// inventoryMap turns Inventory into clusterctl's map: name => default ("" = required).
func inventoryMap(vars []Var) map[string]string {
	m := map[string]string{}
	for _, v := range vars {
		m[v.Name] = v.Default
		if v.Required != (v.Default == "") {
			m[v.Name] = "INCONSISTENT"
		}
	}
	return m
}

// TestBehaviourTable covers the rows of the behaviour table in
// shared/notes/libraries.md §2 and clusterctl-consumer.md §5.
func TestBehaviourTable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     map[string]string // name => default, "" = required
		wantErr  error
	}{
		{name: "plain", in: "${VAR}", want: map[string]string{"VAR": ""}},
		{name: "unbraced is literal", in: "$VAR", want: map[string]string{}},
		{name: "escaped", in: "$${VAR}", want: map[string]string{}},
		{name: "escaped dollars", in: "$$VAR a$$b $$", want: map[string]string{}},
		{name: "backslash does not escape", in: `\${VAR}`, want: map[string]string{"VAR": ""}},
		{name: "dollar in name", in: "${VAR$FOO}", wantErr: parse.ErrMissingClosingBrace},
		{name: "nested in name", in: "${VAR${FOO}}", wantErr: parse.ErrMissingClosingBrace},
		{name: "legacy both", in: "${ VAR }", want: map[string]string{"VAR": ""}},
		{name: "legacy leading", in: "${ VAR}", want: map[string]string{"VAR": ""}},
		{name: "legacy trailing", in: "${VAR }", want: map[string]string{"VAR": ""}},
		{name: "legacy newline", in: "${\n VAR\n}", want: map[string]string{"VAR": ""}},
		{name: "colon equals", in: "${VAR:=default}", want: map[string]string{"VAR": "default"}},
		{name: "equals", in: "${VAR=default}", want: map[string]string{"VAR": "default"}},
		{name: "colon dash", in: "${VAR:-default}", want: map[string]string{"VAR": "default"}},
		{name: "dash", in: "${VAR-default}", wantErr: parse.ErrMissingClosingBrace},
		{name: "plus", in: "${VAR+alt}", wantErr: parse.ErrMissingClosingBrace},
		{name: "colon question is a default", in: "${VAR:?msg}", want: map[string]string{"VAR": "msg"}},
		{name: "colon plus is a default", in: "${VAR:+alt}", want: map[string]string{"VAR": "alt"}},
		{name: "empty default", in: "${VAR:=}", want: map[string]string{"VAR": ""}},
		{name: "empty dash default", in: "${VAR:-}", want: map[string]string{"VAR": ""}},
		{name: "nested default", in: "${VAR:=${OTHER}}", want: map[string]string{"VAR": "${OTHER}"}},
		{name: "nested with text", in: "${VAR:=a${OTHER:=b}c}", want: map[string]string{"VAR": "a${OTHER}c"}},
		{name: "spaces and colons", in: "${VAR:=a b:c}", want: map[string]string{"VAR": "a b:c"}},
		{name: "multi-line default", in: "${VAR:=a\nb}", want: map[string]string{"VAR": "a\nb"}},
		{name: "first brace closes", in: "${VAR:=x}}", want: map[string]string{"VAR": "x"}},
		{name: "dollars in default", in: "${VAR:=$$}", want: map[string]string{"VAR": "$$"}},
		{name: "substring", in: "${VAR:1}", want: map[string]string{"VAR": "1"}},
		{name: "substring length", in: "${VAR:1:2}", want: map[string]string{"VAR": "12"}},
		{name: "negative substring", in: "${VAR: -1}", want: map[string]string{"VAR": " -1"}},
		{name: "replace", in: "${VAR/a/b}", want: map[string]string{"VAR": "ab"}},
		{name: "replace all", in: "${VAR//a/b}", want: map[string]string{"VAR": "ab"}},
		{name: "length", in: "${#VAR}", want: map[string]string{"VAR": ""}},
		{name: "upper", in: "${VAR^^}", want: map[string]string{"VAR": ""}},
		{name: "lower", in: "${VAR,,}", want: map[string]string{"VAR": ""}},
		{name: "trim prefix", in: "${VAR#pre}", want: map[string]string{"VAR": "pre"}},
		{name: "trim suffix", in: "${VAR%%suf}", want: map[string]string{"VAR": "suf"}},
		{name: "unclosed", in: "${VAR", wantErr: parse.ErrMissingClosingBrace},
		{name: "dot", in: "${VAR.NAME}", wantErr: parse.ErrMissingClosingBrace},
		{name: "array", in: "${arr[@]}", wantErr: parse.ErrMissingClosingBrace},
		{name: "empty", in: "${}", wantErr: parse.ErrParseVariableName},
		{name: "at", in: "${@}", wantErr: parse.ErrParseVariableName},
		{name: "github actions", in: "${{ github.sha }}", wantErr: parse.ErrParseVariableName},
		{name: "spaces with operator", in: "${ VAR:=x }", wantErr: parse.ErrParseVariableName},
		{name: "leading digit", in: "${1VAR}", want: map[string]string{"1VAR": ""}},
		{name: "unicode", in: "${vär}", want: map[string]string{"vär": ""}},
		{name: "underscore", in: "${_X}", want: map[string]string{"_X": ""}},
		{name: "order required first", in: "${VAR}${VAR:=d}", want: map[string]string{"VAR": ""}},
		{name: "order default first", in: "${VAR:=d}${VAR}", want: map[string]string{"VAR": "d"}},
		{name: "comment counts", in: "a: 1 # ${X}", want: map[string]string{"X": ""}},
		{name: "nul ends input", in: "${A}\x00${B}", want: map[string]string{"A": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			uses, err := Scan([]byte(tt.in))
			ref, refErr := inspectVariables(tt.in)
			if !errors.Is(err, tt.wantErr) || !errors.Is(refErr, tt.wantErr) {
				t.Fatalf("Scan error = %v, clusterctl error = %v, want %v", err, refErr, tt.wantErr)
			}
			if tt.wantErr != nil {
				return
			}
			got := inventoryMap(Inventory(uses))
			if !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(got, ref) {
				t.Errorf("Inventory = %q, clusterctl = %q, want %q", got, ref, tt.want)
			}
		})
	}
}

// TestMatchesClusterctlOnRandomInput compares Scan with clusterctl's detection on
// inputs stitched from tricky fragments: same verdict, same error, same inventory.
func TestMatchesClusterctlOnRandomInput(t *testing.T) {
	t.Parallel()
	frags := []string{"${A}", "${B:=x}", "${ C }", "${C }", "${ A}", "$", "$$", "{", "}", "\n", " ", "#",
		"${A:=${B}}", "${B/a/b}", "${A:1:2}", "${#B}", "$A", "x", ":", "=", "-", "/", "${", "${A:=", "\\", "\t",
		"${B%%s}", "${A,,}", "${\n A \n}", "é", "${A-", "${ A:=x }"}
	rng := rand.New(rand.NewPCG(1, 2))
	var broken, listed int
	for i := range 20000 {
		var b strings.Builder
		for range rng.IntN(12) + 1 {
			b.WriteString(frags[rng.IntN(len(frags))])
		}
		in := b.String()
		uses, err := Scan([]byte(in))
		ref, refErr := inspectVariables(in)
		if (err == nil) != (refErr == nil) {
			t.Fatalf("#%d %q: Scan error %v, clusterctl error %v", i, in, err, refErr)
		}
		if err != nil {
			if !errors.Is(err, refErr) {
				t.Fatalf("#%d %q: Scan error %v, clusterctl error %v", i, in, err, refErr)
			}
			broken++
			continue
		}
		if got := inventoryMap(Inventory(uses)); !reflect.DeepEqual(got, ref) {
			t.Fatalf("#%d %q: Inventory %q, clusterctl %q", i, in, got, ref)
		}
		listed += min(len(ref), 1)
	}
	if broken < 1000 || listed < 1000 {
		t.Errorf("generator too narrow: %d broken, %d with variables", broken, listed)
	}
}

// TestLegacyMatcher checks the hand-written legacy rewrite against clusterctl's regexp.
func TestLegacyMatcher(t *testing.T) {
	t.Parallel()
	frags := []string{"${", " ", "\n", "\t", "\v", "A", "_", "$", "}", "x-", ":", "{"}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 50000 {
		var b strings.Builder
		for range rng.IntN(10) + 1 {
			b.WriteString(frags[rng.IntN(len(frags))])
		}
		in := b.String()
		if got, _ := normalise(in); got != convertLegacyVars(in) {
			t.Fatalf("#%d normalise(%q) = %q, clusterctl %q", i, in, got, convertLegacyVars(in))
		}
	}
}
