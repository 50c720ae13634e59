// Package publish is the consumer side of the backends: a Publisher takes a release.Set
// and puts it somewhere clusterctl can read it. Backends (pkg/backend/...) do not import
// this package; they satisfy the interface structurally and the CLI wires them.
package publish

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/release"
)

// Publisher publishes a whole release set to one destination.
type Publisher interface {
	String() string // "local:/srv/repo", "github:org/repo", "gitlab:group/name"
	Publish(ctx context.Context, set *release.Set) (*release.Report, error)
}

// Preflighter is optional: checks (token, permissions, existing state) that run before
// anything is uploaded.
type Preflighter interface {
	Preflight(ctx context.Context, set *release.Set) error
}

// Run validates the set, preflights the publisher when it can, then publishes.
func Run(ctx context.Context, set *release.Set, p Publisher) (*release.Report, error) {
	if err := set.Validate(); err != nil {
		return nil, fmt.Errorf("release set: %w", err)
	}
	if pf, ok := p.(Preflighter); ok {
		if err := pf.Preflight(ctx, set); err != nil {
			return nil, fmt.Errorf("%s: preflight: %w", p, err)
		}
	}
	rep, err := p.Publish(ctx, set)
	if err != nil {
		return rep, fmt.Errorf("%s: %w", p, err)
	}
	return rep, nil
}
