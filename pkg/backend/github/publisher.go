package github

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Publisher publishes a release set as GitHub releases of one repository. It is a
// publish.Destination holding its configuration only: what State reads travels to
// Apply in the plan (snapshot), so one Publisher serves any number of runs.
type Publisher struct {
	opts Options
	api  *api
}

// snapshot is what State read, carried by the plan to Apply: the tags in semantic
// version order with their releases and assets.
type snapshot struct {
	tags []*tagState
}

// New checks the options and returns a Publisher. It makes no request.
func New(opts Options) (*Publisher, error) {
	a, err := newAPI(opts)
	if err != nil {
		return nil, err
	}
	if opts.Jobs == 0 {
		opts.Jobs = 4
	}
	if opts.Notes != "" && opts.GenerateNotes {
		return nil, fmt.Errorf("release notes for github:%s: give a notes file or generated notes, not both", a.name())
	}
	return &Publisher{opts: opts, api: a}, nil
}

// String is "github:OWNER/NAME".
func (p *Publisher) String() string { return "github:" + p.api.name() }

// Preflight checks, before anything is read or written, that the providers of one
// version can share its release and that the token works and may write releases.
func (p *Publisher) Preflight(ctx context.Context, set *release.Set, pol publish.Policy) error {
	if _, err := plan(set); err != nil {
		return err
	}
	return p.checkAccess(ctx, pol.DryRun)
}

// checkAccess needs a token that may write releases, or (dry run) read access.
func (p *Publisher) checkAccess(ctx context.Context, dryRun bool) error {
	name := p.api.name()
	if p.opts.Token == "" && !dryRun {
		return fmt.Errorf("publishing to %s needs a GitHub token: set GITHUB_TOKEN; %s", name, scopeHint)
	}
	repo, err := p.api.getRepo(ctx)
	if err != nil {
		return err
	}
	if !dryRun && !repo.GetPermissions()["push"] {
		return fmt.Errorf("the token can read %s but not write its releases; %s", name, scopeHint)
	}
	return nil
}
