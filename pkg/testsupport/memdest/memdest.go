// Package memdest is an in-memory publish.Destination: the reference implementation
// of the publishing conformance suite (pkg/publish) and a fake for any test that
// needs a destination without disk or network. It behaves like the real ones: a
// version is written file by file and sealed once complete (as GitLab does with its
// metadata.yaml), the run stops between files when its context ends, a write can
// be made to fail, and what an interrupted run left is finished by the next.
package memdest

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Destination holds versions in memory. Its content is the repository; a run keeps
// nothing here (what State read travels in the plan).
type Destination struct {
	name string
	// BeforeWrite, when set, is called before each file write with "<label>
	// <version>/<file>"; an error fails the write (a fault), and a test may cancel the
	// run's context there (an interrupt).
	BeforeWrite func(what string) error

	mu       sync.Mutex
	versions map[publish.Version]*version
}

type version struct {
	files  map[string][]byte
	sealed bool // complete: every file of its first publish is there
}

// snapshot is what State read: the versions of its set. Apply writes only those, so
// a plan can only be applied with the state it was made from.
type snapshot struct{ read map[publish.Version]bool }

// New returns an empty destination named "memory:<name>".
func New(name string) *Destination {
	return &Destination{name: name, versions: map[publish.Version]*version{}}
}

func (d *Destination) String() string { return "memory:" + d.name }

// State reads each version of the set: its files' sha256, sealed or not, and the
// files the set does not have.
func (d *Destination) State(ctx context.Context, set *release.Set) (publish.State, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	snap := &snapshot{read: map[publish.Version]bool{}}
	st := publish.NewState(snap)
	for _, r := range set.Releases {
		snap.read[key(r)] = true
		v := d.versions[key(r)]
		if v == nil {
			continue
		}
		h := &publish.Held{Files: map[string]string{}, Sealed: v.sealed}
		for name, data := range v.files {
			h.Files[name] = release.SHA256(data)
			if r.File(name) == nil {
				h.Extra = append(h.Extra, name)
			}
		}
		sort.Strings(h.Extra)
		st.Held[key(r)] = h
	}
	return st, ctx.Err()
}

// Apply writes every version that changes, file by file in plan order, then seals
// it.
func (d *Destination) Apply(ctx context.Context, plan *publish.Plan) error {
	snap, err := publish.SnapshotOf[*snapshot](plan)
	if err != nil {
		return err
	}
	for _, v := range plan.ByVersion() {
		if !snap.read[key(v.Release)] {
			return fmt.Errorf("%s: the plan's state did not read %s", d, v.Release)
		}
		if err := d.applyVersion(ctx, plan, v); err != nil {
			return err
		}
	}
	return nil
}

func (d *Destination) applyVersion(ctx context.Context, plan *publish.Plan, v publish.VersionSteps) error {
	for _, s := range v.Steps {
		if !s.Writes() {
			continue
		}
		if err := d.write(ctx, v.Release, s.File); err != nil {
			return fmt.Errorf("writing %s of %s: %w", s.File.Name, v.Release, err)
		}
		plan.Done(s)
	}
	d.mu.Lock()
	if held := d.versions[key(v.Release)]; held != nil {
		held.sealed = true
	}
	d.mu.Unlock()
	return nil
}

func (d *Destination) write(ctx context.Context, r *release.Release, f *release.File) error {
	if d.BeforeWrite != nil {
		if err := d.BeforeWrite(r.Label() + " " + r.Version.String() + "/" + f.Name); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	v := d.versions[key(r)]
	if v == nil {
		v = &version{files: map[string][]byte{}}
		d.versions[key(r)] = v
	}
	v.files[f.Name] = append([]byte(nil), f.Data...)
	return nil
}

func key(r *release.Release) publish.Version {
	return publish.Version{Label: r.Label(), Version: r.Version.String()}
}
