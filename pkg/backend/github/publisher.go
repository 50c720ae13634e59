package github

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/release"
)

// Publisher publishes a release set as GitHub releases of one repository.
type Publisher struct {
	opts Options
	api  *api
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
	return &Publisher{opts: opts, api: a}, nil
}

// String is "github:OWNER/NAME".
func (p *Publisher) String() string { return "github:" + p.api.name() }

// Preflight checks, before anything is uploaded, that the token works and may write
// releases, and that no published release of the set's versions already holds
// different files (names and sizes; content is compared while publishing).
func (p *Publisher) Preflight(ctx context.Context, set *release.Set) error {
	plans, err := plan(set)
	if err != nil {
		return err
	}
	if err := p.checkAccess(ctx); err != nil {
		return err
	}
	for _, tp := range plans {
		if err := p.preflightTag(ctx, tp); err != nil {
			return err
		}
	}
	return nil
}

func (p *Publisher) checkAccess(ctx context.Context) error {
	name := p.api.name()
	if p.opts.Token == "" && !p.opts.DryRun {
		return fmt.Errorf("publishing to %s needs a GitHub token: set GITHUB_TOKEN; %s", name, scopeHint)
	}
	repo, err := p.api.getRepo(ctx)
	if err != nil {
		return err
	}
	if !p.opts.DryRun && !repo.GetPermissions()["push"] {
		return fmt.Errorf("the token can read %s but not write its releases; %s", name, scopeHint)
	}
	return nil
}

func (p *Publisher) preflightTag(ctx context.Context, tp *tagPlan) error {
	rel, err := p.api.findRelease(ctx, tp.tag)
	if err != nil || rel == nil || rel.GetDraft() {
		return err
	}
	ds, _, err := p.decide(ctx, tp, rel, false)
	if err != nil {
		return err
	}
	return p.refusal(tp, rel, ds)
}
