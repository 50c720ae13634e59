package manifest

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplitLinesAndSkips(t *testing.T) {
	in := "# comment only\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n---\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n  namespace: a\n"
	docs, err := Split([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 {
		t.Fatalf("got %d docs, want 2", len(docs))
	}
	if docs[0].Line != 3 || docs[1].Line != 9 {
		t.Errorf("lines = %d, %d; want 3, 9", docs[0].Line, docs[1].Line)
	}
	if docs[1].Obj.Ref() != "ConfigMap a/b" {
		t.Errorf("Ref = %q", docs[1].Obj.Ref())
	}
	if got := docs[1].LineOf("metadata", "namespace"); got != 13 {
		t.Errorf("LineOf namespace = %d, want 13", got)
	}
}

func TestSplitRejects(t *testing.T) {
	bomb := "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
	cases := []struct{ name, in, want string }{
		{"alias bomb", bomb, "excessive aliasing"},
		{"binary", "kind: x\x00\x01", "binary content"},
		{"bad utf8", "kind: \xff\xfe", "UTF-8"},
		{"syntax", "a: b\n---\nkind: [\n", "document 2"},
		{"tabs", "a:\n\tb: c\n", "line 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Split([]byte(c.in))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Split error = %v, want it to contain %q", err, c.want)
			}
		})
	}
}

// TestSplitParallelMatchesSequential checks that the concurrent path gives the same
// documents, lines and errors as the sequential one.
func TestSplitParallelMatchesSequential(t *testing.T) {
	var b strings.Builder
	b.WriteString("# head\n---\n")
	for i := 0; i < 3000; i++ {
		b.WriteString("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: n\ndata:\n  script: |\n    echo ---\n    --- not a separator when indented\n---   # comment\n")
		if i%500 == 0 {
			b.WriteString("---\n")
		}
	}
	in := []byte(b.String())
	sameSplits(t, in, "data", "script")
	bad := append(append([]byte{}, in...), []byte("kind: [\n")...)
	_, errSeq := splitSeq(bad)
	_, errPar := splitParallel(bad)
	if errSeq == nil || errPar == nil || errSeq.(*Error).Line != errPar.(*Error).Line {
		t.Fatalf("errors differ: %v vs %v", errSeq, errPar)
	}
}

// TestSplitDuplicateKeyKeepsBothLines: a duplicate key is no error (clusterctl keeps the
// later value); both lines are kept.
func TestSplitDuplicateKeyKeepsBothLines(t *testing.T) {
	docs, err := Split([]byte("a: 1\nb: 2\na: 3\n"))
	if err != nil || !reflect.DeepEqual(docs[0].Dups, []Dup{{Key: "a", Line: 3, First: 1}}) || docs[0].Obj["a"] != 3 {
		t.Fatalf("docs = %+v, err = %v; want a=3 and the duplicate at line 3, first at 1", docs, err)
	}
}

// sameSplits checks that the sequential and the parallel split of in give the same
// documents, lines, and line of the value at path.
func sameSplits(t *testing.T, in []byte, path ...string) {
	t.Helper()
	seq, err := splitSeq(in)
	if err != nil {
		t.Fatal(err)
	}
	par, err := splitParallel(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(seq) != len(par) {
		t.Fatalf("sequential %d docs, parallel %d", len(seq), len(par))
	}
	for i := range seq {
		if !reflect.DeepEqual(seq[i].Obj, par[i].Obj) || seq[i].Line != par[i].Line || seq[i].LineOf(path...) != par[i].LineOf(path...) {
			t.Fatalf("doc %d differs: %v line %d/%d vs %v line %d/%d", i, seq[i].Obj, seq[i].Line, seq[i].LineOf(path...), par[i].Obj, par[i].Line, par[i].LineOf(path...))
		}
	}
}

func splitSeq(data []byte) ([]Doc, error) { return splitSeqWith(data, Options{}) }

func splitParallel(data []byte) ([]Doc, error) { return splitParallelWith(data, Options{}) }
