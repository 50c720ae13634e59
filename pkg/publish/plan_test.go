package publish

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
)

func TestNewPlanDecidesEveryFile(t *testing.T) {
	t.Parallel()
	f := release.File{Name: "a.yaml", Data: []byte("new")}
	same, other := f.SHA256(), (release.File{Data: []byte("old")}).SHA256()
	tests := []struct {
		name string
		held *Held
		pol  Policy
		want Action
	}{
		{"nothing there", nil, Policy{}, Put},
		{"identical", &Held{Files: map[string]string{"a.yaml": same}, Sealed: true}, Policy{}, Skip},
		{"different, published", &Held{Files: map[string]string{"a.yaml": other}, Sealed: true}, Policy{}, Refuse},
		{"different, replace", &Held{Files: map[string]string{"a.yaml": other}, Sealed: true}, Policy{Replace: true}, Replace},
		{"different, immutable", &Held{Files: map[string]string{"a.yaml": other}, Sealed: true, Immutable: true}, Policy{Replace: true}, Refuse},
		{"missing from a published version", &Held{Files: map[string]string{}, Sealed: true}, Policy{}, Refuse},
		{"missing, replace", &Held{Files: map[string]string{}, Sealed: true}, Policy{Replace: true}, Put},
		{"different, unfinished run", &Held{Files: map[string]string{"a.yaml": other}}, Policy{}, Replace},
		{"missing, unfinished run", &Held{Files: map[string]string{}}, Policy{}, Put},
		{"broken copy", &Held{Files: map[string]string{"a.yaml": ""}, Sealed: true}, Policy{}, Refuse},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got, _ := decide(&f, tt.held, tt.pol); got != tt.want {
				t.Errorf("decide() = %s, want %s", got, tt.want)
			}
		})
	}
}

// fakeDest records what Publish asks of it.
type fakeDest struct {
	state   State
	applied bool
}

func (d *fakeDest) String() string { return "fake:" }
func (d *fakeDest) State(_ context.Context, _ *release.Set) (State, error) {
	return d.state, nil
}
func (d *fakeDest) Apply(_ context.Context, p *Plan) error {
	d.applied = true
	for _, s := range p.Steps {
		if s.Writes() {
			p.Done(s)
		}
	}
	return nil
}

func twoVersions() *release.Set {
	mk := func(v string) *release.Release {
		return &release.Release{Provider: layout.Provider{Type: "InfrastructureProvider", Name: "x"}, Version: layout.NamedVersion(v), ComponentsFile: "infrastructure-components.yaml",
			Files: []release.File{{Name: "infrastructure-components.yaml", Data: []byte("c")}, {Name: "metadata.yaml", Data: []byte("m " + v)}}}
	}
	return &release.Set{Releases: []*release.Release{mk("v1.0.0"), mk("v1.1.0")}}
}

func TestPublishRefusesBeforeApply(t *testing.T) {
	t.Parallel()
	d := &fakeDest{state: State{Held: map[Version]*Held{{"infrastructure-x", "v1.1.0"}: {Files: map[string]string{"metadata.yaml": "0000"}, Sealed: true}}}}
	rep, err := Publish(t.Context(), twoVersions(), d, Policy{})
	if !errors.Is(err, ErrConflict) || d.applied {
		t.Fatalf("Publish() = %v (applied %v), want ErrConflict before Apply", err, d.applied)
	}
	if !strings.Contains(err.Error(), "infrastructure-x v1.1.0: ") || !strings.Contains(err.Error(), "metadata.yaml (content differs") || rep.Count(Refused) != 2 {
		t.Errorf("error %q / report %+v should name the refused file", err, rep.Actions)
	}
}

func TestPublishDryRunPlansOnly(t *testing.T) {
	t.Parallel()
	d := &fakeDest{state: NewState(nil)}
	rep, err := Publish(t.Context(), twoVersions(), d, Policy{DryRun: true})
	if err != nil || d.applied {
		t.Fatalf("dry run: err %v, applied %v", err, d.applied)
	}
	var b strings.Builder
	rep.WriteText(&b)
	if rep.Count(Planned) != 4 || !strings.Contains(b.String(), "fake:: 0 written, 0 replaced, 0 skipped, 0 refused, 4 planned") {
		t.Errorf("dry-run report:\n%s", b.String())
	}
	rep, err = Publish(t.Context(), twoVersions(), d, Policy{})
	if err != nil || rep.Count(Written) != 4 {
		t.Errorf("publish: %v %+v", err, rep.Actions)
	}
}
