package diff

import (
	"bytes"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/release"
	yaml "go.yaml.in/yaml/v3"
)

// base is the fixture release of testdata/base: file name → content.
func base(t *testing.T) map[string]string {
	t.Helper()
	names, err := filepath.Glob("testdata/base/*.yaml")
	if err != nil || len(names) == 0 {
		t.Fatalf("no fixture files: %v", err)
	}
	out := map[string]string{}
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = string(data)
	}
	return out
}

// input is a release of the files, as infrastructure-acme v1.2.0 from src.
func input(files map[string]string, src string) inventory.Input {
	in := inventory.Input{Label: "infrastructure-acme", Version: "v1.2.0", Source: src}
	for _, n := range slices.Sorted(maps.Keys(files)) {
		in.Files = append(in.Files, release.File{Name: n, Data: []byte(files[n])})
	}
	return in
}

// compare returns the differences of two file sets.
func compare(t *testing.T, a, b map[string]string) []Difference {
	t.Helper()
	rep, err := Compare("A", "B", []inventory.Input{input(a, "a")}, []inventory.Input{input(b, "b")})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Pairs) != 1 {
		t.Fatalf("%d pairs, want 1", len(rep.Pairs))
	}
	return rep.Pairs[0].Differences
}

// edit returns a copy of files with old replaced by new in file (which must hold it).
func edit(t *testing.T, files map[string]string, file, old, new string) map[string]string {
	t.Helper()
	if !strings.Contains(files[file], old) {
		t.Fatalf("%s does not contain %q", file, old)
	}
	out := map[string]string{}
	for k, v := range files {
		out[k] = v
	}
	out[file] = strings.Replace(files[file], old, new, 1)
	return out
}

// reshaped writes the documents of a YAML file again: in reverse order, every
// mapping's keys reversed, small mappings in flow style, four-space indentation,
// comments and empty documents added. clusterctl reads the same objects.
func reshaped(t *testing.T, text string) string {
	t.Helper()
	dec := yaml.NewDecoder(strings.NewReader(text))
	var docs []*yaml.Node
	for {
		var n yaml.Node
		if err := dec.Decode(&n); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("reshaping: %v", err)
		}
		reverseKeys(&n)
		docs = append(docs, &n)
	}
	slices.Reverse(docs)
	var b bytes.Buffer
	b.WriteString("# reshaped by the test\n---\n")
	for _, d := range docs {
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(4)
		if err := enc.Encode(d); err != nil {
			t.Fatal(err)
		}
		enc.Close()
		b.WriteString("---\n# an empty document\n---\n")
	}
	return b.String()
}

func reverseKeys(n *yaml.Node) {
	if n.Kind == yaml.MappingNode {
		for i, j := 0, len(n.Content)-2; i < j; i, j = i+2, j-2 {
			n.Content[i], n.Content[j] = n.Content[j], n.Content[i]
			n.Content[i+1], n.Content[j+1] = n.Content[j+1], n.Content[i+1]
		}
		if len(n.Content) <= 4 {
			n.Style = yaml.FlowStyle
		}
	}
	for _, c := range n.Content {
		reverseKeys(c)
	}
}
