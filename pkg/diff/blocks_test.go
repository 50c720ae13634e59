package diff

import (
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/testsupport/mutate"
)

// TestBlockFieldsMatchParsedFields: comparing two schema texts entry by entry finds
// the field differences a whole parse finds, on seeded mutants of a fixture schema
// (whenever both sides parse).
func TestBlockFieldsMatchParsedFields(t *testing.T) {
	t.Parallel()
	comps := base(t)["infrastructure-components.yaml"]
	from := strings.Index(comps, "      openAPIV3Schema:\n        description: AcmeCluster is the Schema for the acmeclusters API.\n")
	to := strings.Index(comps[from:], "    served: true\n")
	schema := comps[from : from+to]
	rnd := rand.New(rand.NewPCG(7, 8))
	alphabet := []byte(" :-#|\n'\"ab{}[]")
	compared := 0
	for i := range 2000 {
		a, b := string(mutate.Bytes(rnd, []byte(schema), alphabet, i%3)), string(mutate.Bytes(rnd, []byte(schema), alphabet, 1+i%2))
		var want []field
		if parsedFields("s", []byte(a), []byte(b), &want) != nil {
			continue
		}
		var got []field
		if err := blockFields("s", []byte(a), []byte(b), &got); err != nil {
			t.Fatalf("blockFields failed where the parse did not: %v\nA:\n%s\nB:\n%s", err, a, b)
		}
		compared++
		if !reflect.DeepEqual(sortFields(got), sortFields(want)) {
			t.Fatalf("blockFields %v, parse %v\nA:\n%s\nB:\n%s", got, want, a, b)
		}
	}
	t.Logf("%d of 2000 pairs compared", compared)
}

func sortFields(fs []field) []field {
	sort.Slice(fs, func(i, j int) bool { return fs[i].path < fs[j].path })
	return fs
}
