package variables

import (
	"errors"
	"reflect"
	"testing"

	"github.com/drone/envsubst/v2/parse"
)

type lineUse struct {
	Name   string
	Line   int
	Nested bool
}

func TestScanLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     []lineUse
	}{
		{name: "one per line", in: "a: ${A}\nb: ${B}\n", want: []lineUse{{"A", 1, false}, {"B", 2, false}}},
		{name: "multi-line default", in: "a: ${A:=x\ny\nz}\nb: ${B}\n", want: []lineUse{{"A", 1, false}, {"B", 4, false}}},
		{name: "legacy spacing over lines", in: "a: ${\n  A\n}\nb: ${B}\n", want: []lineUse{{"A", 1, false}, {"B", 4, false}}},
		{name: "escapes before", in: "x: $$$$ $${C}\ny: $$${A}\n", want: []lineUse{{"A", 2, false}}},
		{name: "nested on later line", in: "a: ${A:=\n${B}-${ C }}\nd: ${D}", want: []lineUse{{"A", 1, false}, {"B", 2, true}, {"C", 2, true}, {"D", 3, false}}},
		{name: "crlf", in: "a: 1\r\nb: ${B}\r\n", want: []lineUse{{"B", 2, false}}},
		{name: "default with braces text", in: "a: ${A:=x}}\n\n${B}", want: []lineUse{{"A", 1, false}, {"B", 3, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			uses, err := Scan([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			var got []lineUse
			for _, u := range uses {
				got = append(got, lineUse{u.Name, u.Line, u.Nested})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Scan lines = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestScanErrorLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		line     int
		text     string
		err      error
	}{
		{name: "after multi-line default", in: "a: ${A:=x\ny}\nb: ok\nc: ${C-d}\n", line: 4, text: "${C-d}", err: parse.ErrMissingClosingBrace},
		{name: "github actions", in: "run: echo ok\nsha: ${{ github.sha }}\n", line: 2, text: "${{ github.sha }}", err: parse.ErrParseVariableName},
		{name: "unclosed at end", in: "a: ${A}\nb: ${B\n", line: 2, text: "${B", err: parse.ErrMissingClosingBrace},
		{name: "after legacy rewrite", in: "a: ${\n A\n}\nb: ${ B:=x }\n", line: 4, text: "${ B:=x }", err: parse.ErrParseVariableName},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Scan([]byte(tt.in))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Scan error = %v, want a *ParseError", err)
			}
			if pe.Line != tt.line || pe.Text != tt.text || !errors.Is(err, tt.err) {
				t.Errorf("ParseError = line %d %q %v, want line %d %q %v", pe.Line, pe.Text, pe.Err, tt.line, tt.text, tt.err)
			}
			if _, ref := inspectVariables(tt.in); ref == nil || ref.Error() != pe.Err.Error() {
				t.Errorf("clusterctl error = %v, Scan says %v", ref, pe.Err)
			}
		})
	}
}

func TestInventoryLinesAndOrder(t *testing.T) {
	t.Parallel()
	in := "z: ${Z:=1}\na: ${A}\nb: ${A:=x} ${A}\nn: ${Z:=${ONLY_NESTED}}\n"
	uses, err := Scan([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Var{
		{Name: "A", Required: true, Lines: []int{2, 3}},
		{Name: "Z", Default: "1", Lines: []int{1, 4}},
	}
	if got := Inventory(uses); !reflect.DeepEqual(got, want) {
		t.Errorf("Inventory = %+v, want %+v", got, want)
	}
}
