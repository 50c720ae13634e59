package manifest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	apiyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/capirepo/capirepo/pkg/manifest/internal/crdfast"
	"github.com/capirepo/capirepo/pkg/testsupport/bigtree"
	mutants "github.com/capirepo/capirepo/pkg/testsupport/mutate"
)

// wholeRead is ToUnstructured with no fast path: every document unmarshalled whole;
// the objects as JSON, CRD schemas left out (ReadClusterctl may skip them).
func wholeRead(data []byte) ([]string, bool) {
	r := apiyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	var out []string
	for {
		b, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, true
		}
		var m map[string]any
		if err != nil || yaml.Unmarshal(b, &m) != nil {
			return nil, false
		}
		if m != nil {
			out = append(out, schemaless(m))
		}
	}
}

func schemaless(m map[string]any) string {
	if spec, ok := m["spec"].(map[string]any); ok && m["kind"] == "CustomResourceDefinition" {
		delete(spec, "validation")
		vs, _ := spec["versions"].([]any)
		for _, v := range vs {
			if vm, ok := v.(map[string]any); ok {
				delete(vm, "schema")
			}
		}
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// TestReadClusterctlMutants: on CRDs mutated at random (seeded), ReadClusterctl,
// which skips the schemas its scanners vouch for, gives the verdict and objects of
// reading every document whole, as clusterctl does.
func TestReadClusterctlMutants(t *testing.T) {
	t.Parallel()
	seeds := [][]byte{[]byte(twoVersionCRD), []byte(validationCRD), []byte(bigtree.CRD("Thing")[:6000])}
	alphabet := []byte(" :-#\"'{}[],|>\n&*!?%@`\ta.\\/~")
	rnd := rand.New(rand.NewPCG(43, 7))
	read, cut := 0, 0
	for i := range 1500 {
		m := mutants.Bytes(rnd, seeds[i%len(seeds)], alphabet, 1+i%3)
		want, ok := wholeRead(m)
		docs, err := ReadClusterctl(m)
		if ok != (err == nil) {
			t.Fatalf("mutant %d: ReadClusterctl err = %v, whole read ok = %v\n%s", i, err, ok, m)
		}
		if !ok {
			continue
		}
		read++
		if _, blocks := crdfast.CutSchemas(m, noPaths); len(blocks) > 0 && vouched(blocks) {
			cut++
		}
		var got []string
		for _, d := range docs {
			got = append(got, schemaless(d.Obj))
		}
		if !equalStrings(got, want) {
			t.Fatalf("mutant %d: objects differ\n%v\n%v\n%s", i, got, want, m)
		}
	}
	t.Logf("%d of 1500 mutants read, %d with schemas skipped", read, cut)
	if cut < read/3 {
		t.Errorf("only %d of %d took the fast path", cut, read)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
