package components

import (
	"fmt"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/render"
	"github.com/capirepo/capirepo/pkg/testsupport/tree"
)

// Nested flow maps under the nesting cap still grow when written in block style: the
// encoding stops at the size cap of a release file instead of writing them whole.
func TestEncodeStopsAtTheSizeCap(t *testing.T) {
	t.Parallel()
	var in strings.Builder
	for i := range 50 {
		fmt.Fprintf(&in, "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c%d}\ndata: %s1%s\n", i, strings.Repeat("{a: ", 200), strings.Repeat("}", 200))
	}
	dir := tree.Write(t, map[string]string{"kustomization.yaml": "resources: [a.yaml]\n", "a.yaml": in.String()})
	m, err := render.Kustomize(render.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := Encode(m, Options{MaxSize: 64 << 20}); err != nil || len(out) < 1<<20 {
		t.Fatalf("%d bytes, %v: want over 1 MiB", len(out), err)
	}
	out, err := Encode(m, Options{MaxSize: 1 << 20})
	if !strings.Contains(fmt.Sprint(err), "the 1 MiB cap") || out != nil {
		t.Errorf("%d bytes, %v: want the 1 MiB cap named", len(out), err)
	}
}
