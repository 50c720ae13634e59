package upgrade

import (
	"reflect"
	"testing"

	"github.com/capirepo/capirepo/pkg/inventory"
)

func releases(versions ...string) []*inventory.Release {
	var out []*inventory.Release
	for _, v := range versions {
		out = append(out, &inventory.Release{Label: "infrastructure-acme", Version: v, Source: "test"})
	}
	return out
}

func versionsOf(rs []*inventory.Release) []string {
	var out []string
	for _, r := range rs {
		out = append(out, name(r))
	}
	return out
}

// TestSources: every earlier release that is not a pre-release, oldest first; the
// release itself, later ones and pre-releases are not sources; a history without
// versions counts whole.
func TestSources(t *testing.T) {
	t.Parallel()
	all := releases("v0.3.0", "v0.1.0", "v0.2.0-rc.1", "v0.2.0", "v0.10.0", "v0.2.1", "v1.0.0")
	next := &inventory.Release{Label: "infrastructure-acme", Version: "v0.3.0"}
	if got, want := versionsOf(Sources(next, all)), []string{"v0.1.0", "v0.2.0", "v0.2.1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("sources of v0.3.0: %v, want %v", got, want)
	}
	pre := &inventory.Release{Label: "infrastructure-acme", Version: "v0.3.0-rc.0"}
	if got, want := versionsOf(Sources(pre, all)), []string{"v0.1.0", "v0.2.0", "v0.2.1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("sources of v0.3.0-rc.0: %v, want %v", got, want)
	}
	files := &inventory.Release{Source: "dist/new"}
	if got := Sources(files, releases("v0.2.0", "v0.1.0")); len(got) != 2 || got[0].Version != "v0.1.0" {
		t.Errorf("a file set's sources: %v", versionsOf(got))
	}
	unversioned := []*inventory.Release{{Source: "old"}}
	if got := Sources(next, unversioned); len(got) != 1 {
		t.Errorf("an unversioned history is not a source: %v", versionsOf(got))
	}
}

// TestSpan: runs of three or more consecutive releases are shortened.
func TestSpan(t *testing.T) {
	t.Parallel()
	from := releases("v0.1.0", "v0.1.1", "v0.1.2", "v0.2.0", "v0.3.0", "v0.3.1")
	pick := map[string]bool{"v0.1.0": true, "v0.1.1": true, "v0.1.2": true, "v0.3.0": true, "v0.3.1": true}
	got := span(from, func(r *inventory.Release) bool { return pick[r.Version] })
	if want := "v0.1.0 … v0.1.2 (3 releases), v0.3.0, v0.3.1"; got != want {
		t.Errorf("span: %q, want %q", got, want)
	}
}

// TestHistory: each release after the first is checked against those before it.
func TestHistory(t *testing.T) {
	t.Parallel()
	steps := History(releases("v0.2.0", "v0.1.0", "v0.3.0"))
	var got []string
	for _, s := range steps {
		got = append(got, s.Next.Version+"<"+joinNames(s.From))
	}
	if want := []string{"v0.2.0<v0.1.0", "v0.3.0<v0.1.0,v0.2.0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("steps %v, want %v", got, want)
	}
}

func joinNames(rs []*inventory.Release) string {
	out := ""
	for i, r := range rs {
		if i > 0 {
			out += ","
		}
		out += r.Version
	}
	return out
}
