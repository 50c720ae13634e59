package check

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

func TestSetTargets(t *testing.T) {
	a := &release.Release{Provider: layout.Provider{Type: "CoreProvider", Name: "cluster-api"}, Version: layout.MustParseVersion("v1.0.0")}
	b := &release.Release{Provider: layout.Provider{Type: "InfrastructureProvider", Name: "docker"}, Version: layout.MustParseVersion("v0.2.0")}
	got := SetTargets(&release.Set{Releases: []*release.Release{a, b}})
	if len(got) != 2 || got[0].Release != a || got[1].Release != b {
		t.Fatalf("SetTargets = %+v, want one target per release in order", got)
	}
	for i, want := range []string{a.Label() + "/v1.0.0", b.Label() + "/v0.2.0"} {
		if got[i].Dir != want || got[i].Partial {
			t.Errorf("target %d = Dir %q Partial %v, want %q, false", i, got[i].Dir, got[i].Partial, want)
		}
	}
	if got := SetTargets(&release.Set{}); len(got) != 0 {
		t.Errorf("empty set = %v", got)
	}
}
