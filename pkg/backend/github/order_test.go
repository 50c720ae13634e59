package github

import (
	"fmt"
	"sort"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

// With one upload at a time, assets go up in file name order, so two runs of the
// same build leave releases whose assets are listed alike.
func TestUploadsInNameOrder(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	var extra []string
	for i := range 12 {
		extra = append(extra, fmt.Sprintf("cluster-template-f%02d.yaml", i), "kind: Cluster\n")
	}
	o := e.opts()
	o.Jobs = 1
	if _, err := run(t, e.publisher(t, o), set(provider("capx", layout.InfrastructureProvider, "v1.0.0", extra...))); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range e.onlyRelease(t).Assets {
		names = append(names, a.Name)
	}
	if !sort.StringsAreSorted(names) || len(names) != 14 {
		t.Errorf("assets uploaded in the order %v, want the 14 names sorted", names)
	}
}
