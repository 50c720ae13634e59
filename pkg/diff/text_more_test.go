package diff

import (
	"fmt"
	"strings"
	"testing"
)

// TestTextMorePathsNamesOutputJSON: a subject with more paths than the text prints
// points at -o json, never at the deprecated --format.
func TestTextMorePathsNamesOutputJSON(t *testing.T) {
	t.Parallel()
	var ds []Difference
	for i := range maxPaths + 3 {
		ds = append(ds, Difference{Section: "objects", File: "c.yaml", Subject: "Deployment.apps ns/m", Path: fmt.Sprintf("spec.f%d", i), Change: "changed", A: "1", B: "2"})
	}
	var b strings.Builder
	if err := (&Report{A: "a", B: "b", Pairs: []Pair{{Differences: ds}}}).WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "... 3 more (-o json lists them all)") || strings.Contains(b.String(), "--format") {
		t.Fatalf("text report:\n%s", b.String())
	}
}
