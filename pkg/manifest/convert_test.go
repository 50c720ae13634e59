package manifest

import (
	"reflect"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// TestToObjectMatchesDecode checks the fast converter against yaml.v3's own Decode on
// every scalar type a manifest holds.
func TestToObjectMatchesDecode(t *testing.T) {
	t.Parallel()
	in := `apiVersion: v1
kind: ConfigMap
metadata: {name: a, labels: {x: "1", y: 'true'}}
data:
  s: plain
  q: "quoted: yes"
  n: null
  tilde: ~
  empty:
  b: true
  B: False
  i: 42
  neg: -7
  hex: 0x1F
  oct: 0o17
  big: 9223372036854775807
  f: 1.5
  e: 1e3
  inf: .inf
  block: |
    line ${VAR}
  list: [1, "2", three, {k: v}, [x]]
  version: 1.20
  y: y
  on: on
`
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(in), &n); err != nil {
		t.Fatal(err)
	}
	root := n.Content[0]
	got, ok := toObject(root)
	if !ok {
		t.Fatal("toObject declined a plain manifest")
	}
	var want map[string]any
	if err := root.Decode(&want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(map[string]any(got), want) {
		t.Errorf("toObject differs from Decode:\n got %#v\nwant %#v", got, want)
	}
}

func TestToObjectDeclinesWhatDecodeMustHandle(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"a: &x {b: 1}\nc: *x\n", "base: &b {x: 1}\nd:\n  <<: *b\n  y: 2\n", "? [a, b]\n: c\n", "a: 2024-01-01\n", "a: 1\na: 2\n"} {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(in), &n); err != nil {
			t.Fatal(err)
		}
		if _, ok := toObject(n.Content[0]); ok {
			t.Errorf("toObject accepted %q", strings.TrimSpace(in))
		}
	}
	docs, err := Split([]byte("a: &x {b: 1}\nc: *x\n"))
	if err != nil || docs[0].Obj.Map("c")["b"] != 1 {
		t.Fatalf("alias document not decoded by the fallback: %v %v", err, docs)
	}
}
