package images

import (
	"slices"
	"testing"

	"github.com/capirepo/capirepo/pkg/release"
)

func TestInSetFindsEveryReleaseFile(t *testing.T) {
	t.Parallel()
	pod := func(img string) []byte { return []byte("kind: Pod\nspec:\n  containers:\n  - image: " + img + "\n") }
	set := &release.Set{Releases: []*release.Release{
		{Files: []release.File{{Name: "a.yaml", Data: pod("x.io/a:v1")}, {Name: "metadata.yaml", Data: []byte("kind: Metadata\n")}}},
		{Files: []release.File{{Name: "b.yaml", Data: pod("x.io/b:v1")}, {Name: "c.yaml", Data: pod("x.io/a:v1")}}},
	}}
	if got, want := InSet(set), []string{"x.io/a:v1", "x.io/b:v1"}; !slices.Equal(got, want) {
		t.Errorf("InSet = %v, want %v", got, want)
	}
}

// TestInReleaseSkipsMetadata: one release's images come from every file but
// metadata.yaml (mirror's per-release record); InSet still reads metadata.yaml.
func TestInReleaseSkipsMetadata(t *testing.T) {
	t.Parallel()
	pod := func(img string) []byte { return []byte("kind: Pod\nspec:\n  containers:\n  - image: " + img + "\n") }
	r := &release.Release{Files: []release.File{{Name: "b.yaml", Data: pod("x.io/b:v1")}, {Name: "a.yaml", Data: pod("x.io/a:v1")},
		{Name: "metadata.yaml", Data: []byte("kind: Metadata\nimage: x.io/meta:v1\n")}}}
	if got, want := InRelease(r), []string{"x.io/a:v1", "x.io/b:v1"}; !slices.Equal(got, want) {
		t.Errorf("InRelease = %v, want %v", got, want)
	}
	if got := InSet(&release.Set{Releases: []*release.Release{r}}); !slices.Contains(got, "x.io/meta:v1") {
		t.Errorf("InSet = %v, want metadata.yaml's image too", got)
	}
}
