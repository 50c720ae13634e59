package publish_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

var scenarios = []struct {
	name string
	run  func(t *testing.T, tg *target)
}{
	{"publish then re-run is a no-op", func(t *testing.T, tg *target) {
		rep := tg.must(t, both(), publish.Policy{})
		counts(t, rep, 4, 0, 0, 0, 0)
		tg.sigs(t, rep, 2, 0, 0, 0, 0)
		sameHeld(t, tg.held(t), tg.want(both()))
		rep = tg.must(t, both(), publish.Policy{})
		counts(t, rep, 0, 0, 4, 0, 0)
		tg.sigs(t, rep, 0, 0, 2, 0, 0)
		sameHeld(t, tg.held(t), tg.want(both()))
	}},
	{"a conflict in the second version changes nothing, then replace", func(t *testing.T, tg *target) {
		tg.must(t, second(), publish.Policy{})
		before := tg.held(t)
		rep, err := tg.publish(t, context.Background(), changed(), publish.Policy{})
		if !errors.Is(err, publish.ErrConflict) || !strings.Contains(err.Error(), "v1.1.0") {
			t.Fatalf("Publish = %v, want one ErrConflict naming v1.1.0", err)
		}
		counts(t, rep, 0, 0, 1, 1, 0)
		tg.sigs(t, rep, 0, 0, 0, 1, 0) // the changed version is another artifact: its signature is new to it
		sameHeld(t, tg.held(t), before)
		rep = tg.must(t, changed(), publish.Policy{Replace: true})
		counts(t, rep, 2, 1, 1, 0, 0)
		tg.sigs(t, rep, 2, 0, 0, 0, 0) // the moved tag's artifact gets a signature of its own
		sameHeld(t, tg.held(t), tg.want(changed()))
		rep = tg.must(t, changed(), publish.Policy{})
		counts(t, rep, 0, 0, 4, 0, 0)
		tg.sigs(t, rep, 0, 0, 2, 0, 0)
	}},
	{"dry run plans and writes nothing", func(t *testing.T, tg *target) {
		before := tg.held(t)
		rep := tg.must(t, both(), publish.Policy{DryRun: true})
		counts(t, rep, 0, 0, 0, 0, 4)
		tg.sigs(t, rep, 0, 0, 0, 0, 2)
		sameHeld(t, tg.held(t), before)
	}},
	{"interrupted mid-run stops with the context's error, a re-run finishes", func(t *testing.T, tg *target) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		undo := tg.interrupt(t, cancel)
		_, err := tg.publish(t, ctx, both(), publish.Policy{})
		undo()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("interrupted run: %v, want context.Canceled", err)
		}
		tg.must(t, both(), publish.Policy{})
		sameHeld(t, tg.held(t), tg.want(both()))
	}},
	{"after injected faults a re-run finishes with no duplicate and no missing file", func(t *testing.T, tg *target) {
		tg.fault(t)
		tg.publish(t, context.Background(), both(), publish.Policy{}) // may fail: the faults are the point
		tg.must(t, both(), publish.Policy{})
		sameHeld(t, tg.held(t), tg.want(both()))
	}},
	{"one destination value serves interleaved runs", func(t *testing.T, tg *target) {
		ctx := context.Background()
		if l, ok := tg.dest.(publish.Locker); ok { // as Publish does
			unlock, err := l.Lock(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer unlock()
		}
		s1, s2 := set(tiny("v1.0.0", "")), second()
		if s, ok := tg.dest.(publish.Selecter); ok { // as Publish does
			s1, s2 = s.Select(s1), s.Select(s2)
		}
		st1, err1 := tg.dest.State(ctx, s1)
		st2, err2 := tg.dest.State(ctx, s2)
		if err := errors.Join(err1, err2); err != nil {
			t.Fatal(err)
		}
		p1, p2 := publish.NewPlan(s1, st1, publish.Policy{}), publish.NewPlan(s2, st2, publish.Policy{})
		if err := errors.Join(tg.dest.Apply(ctx, p2), tg.dest.Apply(ctx, p1)); err != nil {
			t.Fatal(err)
		}
		sameHeld(t, tg.held(t), tg.want(both()))
	}},
}

// The sets the scenarios publish: v1.0.0 and v1.1.0 of a tiny bootstrap provider,
// v1.1.0 alone, and both with v1.1.0's components changed.
func both() *release.Set    { return set(tiny("v1.0.0", ""), tiny("v1.1.0", "")) }
func second() *release.Set  { return set(tiny("v1.1.0", "")) }
func changed() *release.Set { return set(tiny("v1.0.0", ""), tiny("v1.1.0", "# changed\n")) }

func set(rels ...*release.Release) *release.Set { return &release.Set{Releases: rels} }

// tiny is one version of the tiny bootstrap provider: metadata.yaml and its
// components (with extra appended).
func tiny(version, extra string) *release.Release {
	r := &release.Release{Provider: layout.Provider{Type: layout.BootstrapProvider, Name: "tiny"}, Version: layout.NamedVersion(version), ComponentsFile: "bootstrap-components.yaml"}
	r.Files = []release.File{
		{Name: "bootstrap-components.yaml", Data: []byte("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: tiny-system\n" + extra)},
		{Name: "metadata.yaml", Data: []byte("apiVersion: clusterctl.cluster.x-k8s.io/v1alpha3\nkind: Metadata\nreleaseSeries:\n- {major: 1, minor: 0, contract: v1beta1}\n- {major: 1, minor: 1, contract: v1beta1}\n")},
	}
	return r
}

// wantHeld is what a destination should hold after publishing s.
func wantHeld(s *release.Set) map[string]string {
	out := map[string]string{}
	for _, r := range s.Releases {
		for _, f := range r.Files {
			out[r.Version.String()+"/"+f.Name] = f.SHA256()
		}
	}
	return out
}
