package variables

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/drone/envsubst/v2/parse"
)

func TestScanUseFields(t *testing.T) {
	t.Parallel()
	in := "a: ${A:=x}\n# ${B}\nc: ${ C }\nd: \"#${D:?m}\"\ne: ${E:=${F:-g}h}\n"
	want := []Use{
		{Name: "A", Op: ":=", Default: "x", HasDefault: true, Line: 1, Text: "${A:=x}"},
		{Name: "B", Line: 2, InComment: true, Text: "${B}"},
		{Name: "C", Line: 3, Spaced: true, Text: "${ C }"},
		{Name: "D", Op: ":?", Default: "m", HasDefault: true, Line: 4, Text: "${D:?m}"},
		{Name: "E", Op: ":=", Default: "${F}h", HasDefault: true, Line: 5, Text: "${E:=${F:-g}h}"},
		{Name: "F", Op: ":-", Default: "g", HasDefault: true, Line: 5, Nested: true, Text: "${F:-g}"},
	}
	got, err := Scan([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Scan =\n%+v\nwant\n%+v", got, want)
	}
}

func TestSnippet(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{name: "short", in: "${A}", want: "${A}"},
		{name: "multi-line", in: "${\n    A\n  }", want: "${ A }"},
		{name: "crlf", in: "${A:=x\r\n  y}", want: "${A:=x y}"},
		{name: "long", in: "${A:=" + strings.Repeat("x", 80) + "}", want: "${A:=" + strings.Repeat("x", 55) + "…"},
		{name: "utf8 boundary", in: "${A:=" + strings.Repeat("é", 40) + "}", want: "${A:=" + strings.Repeat("é", 27) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := snippet(tt.in); got != tt.want {
				t.Errorf("snippet(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCollect(t *testing.T) {
	t.Parallel()
	fv, err := Collect("cluster-template.yaml", []byte("a: ${A}\nb: ${B:=1}\n"))
	want := FileVars{File: "cluster-template.yaml", Vars: []Var{
		{Name: "A", Required: true, Lines: []int{1}},
		{Name: "B", Default: "1", Lines: []int{2}},
	}}
	if err != nil || !reflect.DeepEqual(fv, want) {
		t.Errorf("Collect = %+v, %v; want %+v", fv, err, want)
	}
	_, err = Collect("cluster-template.yaml", []byte("a: ok\nb: ${B+1}\n"))
	if !errors.Is(err, parse.ErrMissingClosingBrace) ||
		!strings.HasPrefix(err.Error(), "reading variables of cluster-template.yaml: line 2: clusterctl cannot parse ${B+1}: missing closing brace; ") {
		t.Errorf("Collect error = %v", err)
	}
}

func TestCollectMarksWhatClusterctlSets(t *testing.T) {
	t.Parallel()
	in := []byte("a: ${CLUSTER_NAME}\nb: ${NAMESPACE:=x}\nc: ${KUBERNETES_VERSION}\n")
	tests := []struct {
		file string
		want []bool // SetByClusterctl of CLUSTER_NAME, KUBERNETES_VERSION, NAMESPACE
	}{
		{file: "infra/v1.0.0/cluster-template-ha.yaml", want: []bool{true, false, true}},
		{file: "infra/v1.0.0/clusterclass-quick-start.yaml", want: []bool{true, false, true}},
		{file: "infra/v1.0.0/infrastructure-components.yaml", want: []bool{false, false, false}},
	}
	for _, tt := range tests {
		fv, err := Collect(tt.file, in)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range fv.Vars {
			required := !tt.want[i] && v.Default == ""
			if v.SetByClusterctl != tt.want[i] || v.Required != required {
				t.Errorf("%s: %+v, want SetByClusterctl %v and required only when not set by clusterctl and without default", tt.file, v, tt.want[i])
			}
		}
	}
}

// TestScanBoundsBrokenInput checks that a broken file is reported, not misread,
// when no closing brace ends a variable within the candidates tried.
func TestScanBoundsBrokenInput(t *testing.T) {
	t.Parallel()
	long := "x: ${V/" + strings.Repeat("}", maxCandidates+10) + "/y}\n"
	if _, err := Scan([]byte(long)); !errors.Is(err, errNoEnd) {
		t.Errorf("Scan of an over-long replace pattern = %v, want errNoEnd", err)
	}
	many := strings.Repeat("a: ${A-x}\n", maxParseErrors*2)
	r := newSource(many).walk()
	if len(r.errs) != maxParseErrors || r.errs[maxParseErrors-1].Line != maxParseErrors {
		t.Errorf("walk kept %d errors, want %d with lines in order", len(r.errs), maxParseErrors)
	}
}
