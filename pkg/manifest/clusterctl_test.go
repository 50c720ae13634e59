package manifest

import (
	"reflect"
	"strings"
	"testing"
)

// refCases are inputs whose reading by clusterctl v1.14.2 (util/yaml ToUnstructured)
// is known; clusterctl_e2e_test.go runs the real binary on each. wantErr is a part of
// the message, line the file line it names; objs the objects' first lines otherwise.
var refCases = []struct {
	name, in, wantErr string
	line              int
	lines             []int
}{
	{"leading separator", "---\na: 1\n---\nb: 2\n", "", 0, []int{1, 4}},
	{"separator with text", "a: 1\n--- |\nb\n", "invalid Yaml document separator: |", 2, nil},
	{"bare scalar document", "a: 1\n---\njust a line\n", "cannot unmarshal string", 3, nil},
	{"cross-document alias", "a: &x 1\n---\nb: *x\n", "unknown anchor 'x'", 3, nil},
	{"duplicate key, later wins", "a: 1\na: 2\n", "", 0, []int{1}},
	{"slash escape", "a: 1\n---\nb: \"x \\/ y\"\n", "unknown escape character", 3, nil},
	{"YAML directive", "%YAML 1.2\n---\na: 1\n", "incompatible YAML document", 1, nil},
	{"document end marker", "a: 1\n---\n...\n---\nb: 1\n", "did not find expected node content", 3, nil},
	{"junk after flow root", "{a: 1} junk\n", "", 0, []int{1}},
	{"comment glued to separator", "---#x\na: 1\n", "mapping values are not allowed", 2, nil},
	{"BOM before a later document", "a: 1\n\ufeff---\nb: 2\n", "could not find expected ':'", 3, nil},
	{"complex key", "x:\n  ? [a]\n  : 1\n", "invalid map key", 2, nil},
	{"null key", "x:\n  ~: 1\n", "unsupported map key", 2, nil},
	{"empty documents skipped", "---\n---\n# c\n---\na: 1\n", "", 0, []int{5}},
	{"error on a document's first line", "a: 1\n---\n- x\n", "cannot unmarshal array", 3, nil},
	// classes hack/yamlsuite found where yaml.v3 (Split) and clusterctl disagree
	{"TAG directive (5TYM)", "%TAG !m! !my-\n--- # c\na: 1\n", "did not find expected <document start>", 1, nil},
	{"junk after a document end (3HFZ)", "---\nkey: value\n... invalid\n", "", 0, []int{1}},
	{"directive after a document (RHX7)", "---\nkey: value\n%YAML 1.2\n---\nb: 1\n", "", 0, []int{1, 5}},
	{"document end alone (HWV9)", "a: 1\n---\n...\n", "did not find expected node content", 3, nil},
	{"complex flow key (4FJ6)", "---\n[\n  [ a, [ [[b,c]]: d, e]]: 23\n]\n", "invalid map key", 3, nil},
}

func TestReadClusterctl(t *testing.T) {
	for _, c := range refCases {
		t.Run(c.name, func(t *testing.T) {
			docs, err := ReadClusterctl([]byte(c.in))
			if c.wantErr != "" {
				e, ok := err.(*Error)
				if !ok || !strings.Contains(e.Msg, c.wantErr) || e.Line != c.line {
					t.Fatalf("err = %#v, want %q at line %d", err, c.wantErr, c.line)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, d := range docs {
				lines = append(lines, d.Line)
			}
			if !reflect.DeepEqual(lines, c.lines) {
				t.Errorf("lines = %v, want %v", lines, c.lines)
			}
		})
	}
}

// TestReadClusterctlScalars: clusterctl reads YAML 1.1 scalars (yes, on, 0777) and a
// duplicate key's later value.
func TestReadClusterctlScalars(t *testing.T) {
	docs, err := ReadClusterctl([]byte("l:\n  a: yes\n  b: on\n  c: y\n  d: off\n  e: \"yes\"\nm: 0777\nk: 1\nk: 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"l": map[string]any{"a": true, "b": true, "c": true, "d": false, "e": "yes"}, "m": float64(511), "k": float64(2)}
	if !reflect.DeepEqual(docs[0].Obj, want) {
		t.Errorf("got %#v", docs[0].Obj)
	}
}
