package bigtree

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

func decodeAll(t *testing.T, data []byte) []any {
	t.Helper()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var out []any
	for {
		var v any
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			return out
		} else if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
}

// TestProviderStyles: both styles hold the same objects, the same bytes each time, at
// least the size asked for; the PyYAML style quotes, escapes and folds as PyYAML does
// (its output for the same objects was compared byte for byte with PyYAML 6.0.3's
// safe_dump_all when the emitter was written), kustomize's writes literal blocks.
func TestProviderStyles(t *testing.T) {
	t.Parallel()
	k, p := Provider(1, Kustomize), Provider(1, PyYAML)
	if !reflect.DeepEqual(decodeAll(t, k), decodeAll(t, p)) {
		t.Fatal("the two styles decode to different objects")
	}
	if !bytes.Equal(p, Provider(1, PyYAML)) || len(Provider(3<<20, Kustomize)) < 3<<20 {
		t.Fatal("not deterministic, or short of the size")
	}
	for _, want := range []string{`\u2019`, "\\\n", ": '"} {
		if !bytes.Contains(p, []byte(want)) {
			t.Errorf("PyYAML style lacks %q", want)
		}
	}
	if !bytes.Contains(k, []byte("description: |-\n")) || strings.Count(string(k), "kind: CustomResourceDefinition") != len(capaKinds) {
		t.Error("kustomize style lacks literal blocks or CRDs")
	}
}

// TestPyYAMLScalars: the string styles PyYAML's safe_dump picks.
func TestPyYAMLScalars(t *testing.T) {
	t.Parallel()
	cases := map[string]string{"plain": "a: plain\n", "true": "a: 'true'\n", "": "a: ''\n", "*": "a: '*'\n",
		"x: y": "a: 'x: y'\n", "it's": "a: it's\n", "l1\nl2": "a: 'l1\n\n  l2'\n", "caf\u00e9": "a: \"caf\\xE9\"\n", "12": "a: '12'\n"}
	for in, want := range cases {
		var b bytes.Buffer
		writePyYAML(&b, map[string]any{"a": in})
		if b.String() != want {
			t.Errorf("%q: got %q, want %q", in, b.String(), want)
		}
	}
}
