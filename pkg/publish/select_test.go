package publish

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/release"
)

// selectingDest takes only metadata.yaml and the components of each release.
type selectingDest struct{ fakeDest }

func (d *selectingDest) Select(set *release.Set) *release.Set {
	out := &release.Set{}
	for _, r := range set.Releases {
		c := *r
		c.Files = []release.File{*r.File("metadata.yaml"), *r.File(r.ComponentsFile)}
		out.Releases = append(out.Releases, &c)
	}
	return out
}

func TestPublishPlansWhatTheDestinationSelects(t *testing.T) {
	t.Parallel()
	set := twoVersions()
	for _, r := range set.Releases {
		r.Files = append(r.Files, release.File{Name: "cluster-template.yaml", Data: []byte("t")})
	}
	d := &selectingDest{fakeDest{state: NewState(nil)}}
	rep, err := Publish(t.Context(), set, d, Policy{})
	if err != nil || rep.Count(Written) != 4 {
		t.Fatalf("publish: %v %+v", err, rep.Actions)
	}
	for _, a := range rep.Actions {
		if a.File == "cluster-template.yaml" {
			t.Errorf("a file the destination does not take was planned: %+v", a)
		}
	}
	if len(set.Releases[0].Files) != 3 {
		t.Errorf("Select changed the caller's set")
	}
}
