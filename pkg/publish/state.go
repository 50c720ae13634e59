package publish

import (
	"fmt"
	"strings"
)

// Version names one release version at a destination.
type Version struct{ Label, Version string }

func (v Version) String() string { return v.Label + " " + v.Version }

// Held is what a destination holds of one version.
type Held struct {
	// Files maps a file name to the sha256 (hex) of the content held. An empty digest
	// means a copy that cannot be trusted (a broken upload): it always differs.
	Files map[string]string
	// Sealed: the version is published (a GitHub release, a local folder, a GitLab
	// version with its metadata.yaml). Without it the version is what an unfinished
	// earlier run left: missing files are put and different ones replaced.
	Sealed bool
	// Immutable: nothing may change, even with Policy.Replace.
	Immutable bool
	// Extra names files the destination holds that the set does not have; they are
	// left alone and reported.
	Extra []string
}

// State is what a destination read before the plan: what it holds per version of
// the set, and its own snapshot of what it read (tags, package copies, artifacts).
// The destination owns the snapshot; Publish carries it in the plan to Apply and
// Notes (Plan.State.Snapshot, see SnapshotOf), so a destination value keeps nothing
// between calls and can serve any number of runs.
type State struct {
	// Held is what the destination holds per version; a version absent from the
	// map is not there at all.
	Held map[Version]*Held
	// Snapshot is the destination's own record, opaque to the plan (nil when it
	// needs none).
	Snapshot any
}

// NewState returns an empty State holding snap.
func NewState(snap any) State { return State{Held: map[Version]*Held{}, Snapshot: snap} }

// Digest returns the sha256 held for a file, and whether the file is there.
func (s State) Digest(v Version, file string) (string, bool) {
	h := s.Held[v]
	if h == nil {
		return "", false
	}
	d, ok := h.Files[file]
	return d, ok
}

// short is the first 12 hex digits of a digest, for messages.
func short(sum string) string {
	if len(sum) > 12 {
		return sum[:12]
	}
	if sum == "" {
		return "(unreadable)"
	}
	return sum
}

func join(names []string) string { return strings.Join(names, ", ") }

// SnapshotOf returns the snapshot p carries as a T: what the destination's State
// returned for this run. It fails when the plan was made from another destination's
// state (a caller that mixed plans up), never panics.
func SnapshotOf[T any](p *Plan) (T, error) {
	snap, ok := p.State.Snapshot.(T)
	if !ok {
		var zero T
		return zero, fmt.Errorf("the plan carries a %T, not this destination's snapshot (%T): plan with the destination's own State", p.State.Snapshot, zero)
	}
	return snap, nil
}
