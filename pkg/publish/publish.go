// Package publish is the one publishing mechanism every destination shares. A
// Destination only says what it holds (State) and carries out a plan (Apply);
// Publish decides: validate the set, read the state, plan every file (identical →
// skip, new → put, different → refuse unless the policy replaces), refuse every
// conflict at once before any write, print the plan on a dry run, then apply.
package publish

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/release"
)

// Destination is where a release set goes: "local:/srv/repo", "github:org/repo". A
// destination value holds its configuration only: everything a run learns travels in
// the State it returns and the Plan built from it, so one value serves any number of
// runs, in any order.
type Destination interface {
	String() string
	// State reads what the destination holds now for the set's versions.
	State(ctx context.Context, set *release.Set) (State, error)
	// Apply performs the plan's puts and replaces in the destination's own order and
	// atomicity, marking each step done as it lands (Plan.Done) and telling what it
	// noticed (Plan.Note). What State read comes back in p.State.Snapshot. It runs even
	// when every step is a skip (a destination may have a draft to finish or an index
	// to update).
	Apply(ctx context.Context, p *Plan) error
}

// Preflighter is optional: checks that need no state (token, permissions, options
// against the set and the policy) and run before anything is read or written.
type Preflighter interface {
	Preflight(ctx context.Context, set *release.Set, pol Policy) error
}

// Locker is optional: excludes other publishers from State until Apply is done, and
// recovers what a dead earlier run left. Publish does not lock a dry run.
type Locker interface {
	Lock(ctx context.Context) (unlock func(), err error)
}

// Noter is optional: what to tell the user after a run (clusterctl providers: entries,
// warnings), from the plan (set, policy, the destination's snapshot). It is called on
// success and on a dry run.
type Noter interface {
	Notes(p *Plan) []string
}

// Selecter is optional: a destination that carries only some files of each release
// (the operator's ConfigMaps carry metadata.yaml and the components) gives the set it
// takes; Publish validates, plans, reports and applies only that.
type Selecter interface {
	Select(set *release.Set) *release.Set
}

// Policy is what the user allows: the one place a run's choices live (destinations
// hold none). The command line maps --replace (github, gitlab, oci) and --force
// (local, mirror) to Replace.
type Policy struct {
	Replace bool // replace different content of a published version (--force / --replace)
	DryRun  bool // plan and report, write nothing
}

// Publish runs set into d under pol and returns one report: the one entry point every
// caller (the command line, mirror, tests) uses for every destination. A conflict is an error
// wrapping ErrConflict, returned before any write.
func Publish(ctx context.Context, set *release.Set, d Destination, pol Policy) (*Report, error) {
	rep := &Report{Destination: d.String()}
	if s, ok := d.(Selecter); ok {
		set = s.Select(set)
	}
	if err := set.Validate(); err != nil {
		return rep, fmt.Errorf("%s: validating the release set: %w", d, Invalid(err))
	}
	if pf, ok := d.(Preflighter); ok {
		if err := pf.Preflight(ctx, set, pol); err != nil {
			return rep, fmt.Errorf("%s: %w", d, err)
		}
	}
	if l, ok := d.(Locker); ok && !pol.DryRun {
		unlock, err := l.Lock(ctx)
		if err != nil {
			return rep, fmt.Errorf("%s: %w", d, err)
		}
		defer unlock()
	}
	return run(ctx, set, d, pol, rep)
}

func run(ctx context.Context, set *release.Set, d Destination, pol Policy, rep *Report) (*Report, error) {
	st, err := d.State(ctx, set)
	if err != nil {
		return rep, fmt.Errorf("%s: reading what is published: %w", d, err)
	}
	p := NewPlan(set, st, pol)
	p.onProgress = progressOf(ctx)
	if err := p.Conflict(d.String()); err != nil {
		p.record(rep)
		return rep, err
	}
	if !pol.DryRun {
		if err := d.Apply(ctx, p); err != nil {
			p.record(rep)
			return rep, fmt.Errorf("%s: %w", d, err)
		}
	}
	p.record(rep)
	rep.Notes = append(rep.Notes, p.notes...)
	if n, ok := d.(Noter); ok {
		rep.Notes = append(rep.Notes, n.Notes(p)...)
	}
	return rep, nil
}
