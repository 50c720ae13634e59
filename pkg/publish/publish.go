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

// Destination is where a release set goes: "local:/srv/repo", "github:org/repo".
type Destination interface {
	String() string
	// State reads what the destination holds now for the set's versions.
	State(ctx context.Context, set *release.Set) (State, error)
	// Apply performs the plan's puts and replaces in the destination's own order and
	// atomicity, marking each step done as it lands. It runs even when every step is
	// a skip (a destination may have a draft to finish or an index to update).
	Apply(ctx context.Context, p *Plan) error
}

// Preflighter is optional: checks that need no state (token, permissions, options
// against the set) and run before anything is read or written.
type Preflighter interface {
	Preflight(ctx context.Context, set *release.Set) error
}

// Locker is optional: excludes other publishers from State until Apply is done, and
// recovers what a dead earlier run left. Publish does not lock a dry run.
type Locker interface {
	Lock(ctx context.Context) (unlock func(), err error)
}

// Noter is optional: what to tell the user after a run (clusterctl providers: entries,
// warnings). It is called on success and on a dry run.
type Noter interface {
	Notes(set *release.Set) []string
}

// Policy is what the user allows.
type Policy struct {
	Replace bool // replace different content of a published version (--force / --replace)
	DryRun  bool // plan and report, write nothing
}

// Publish runs set into d under pol and returns one report. A conflict is an error
// wrapping release.ErrConflict, returned before any write.
func Publish(ctx context.Context, set *release.Set, d Destination, pol Policy) (*release.Report, error) {
	rep := &release.Report{Destination: d.String()}
	if err := set.Validate(); err != nil {
		return rep, fmt.Errorf("%s: validating the release set: %w", d, release.Invalid(err))
	}
	if pf, ok := d.(Preflighter); ok {
		if err := pf.Preflight(ctx, set); err != nil {
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

func run(ctx context.Context, set *release.Set, d Destination, pol Policy, rep *release.Report) (*release.Report, error) {
	st, err := d.State(ctx, set)
	if err != nil {
		return rep, fmt.Errorf("%s: reading what is published: %w", d, err)
	}
	p := NewPlan(set, st, pol)
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
	if n, ok := d.(Noter); ok {
		rep.Notes = append(rep.Notes, n.Notes(set)...)
	}
	return rep, nil
}

// Publisher is what a caller that does not care about the mechanism holds: a
// destination bound to its policy (see To).
type Publisher interface {
	String() string
	Publish(ctx context.Context, set *release.Set) (*release.Report, error)
}

// bound is a Destination with its policy.
type bound struct {
	Destination
	pol Policy
}

func (b bound) Publish(ctx context.Context, set *release.Set) (*release.Report, error) {
	return Publish(ctx, set, b.Destination, b.pol)
}

// To binds d to pol, giving a Publisher.
func To(d Destination, pol Policy) Publisher { return bound{d, pol} }
