package github

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Publisher publishes a release set as GitHub releases of one repository. It is a
// publish.Destination; one Publisher serves one run (State keeps what Apply needs).
type Publisher struct {
	opts  Options
	api   *api
	order []*tagPlan           // tags in semantic version order
	tags  map[string]*tagState // what State found, by tag
	notes []string             // what Apply learnt (tags created, drafts left)
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

// Publish runs the set through publish.Publish with the options' policy.
func (p *Publisher) Publish(ctx context.Context, set *release.Set) (*release.Report, error) {
	return publish.Publish(ctx, set, p, publish.Policy{Replace: p.opts.Replace, DryRun: p.opts.DryRun})
}

// Preflight checks, before anything is read or written, that the providers of one
// version can share its release and that the token works and may write releases.
func (p *Publisher) Preflight(ctx context.Context, set *release.Set) error {
	if _, err := plan(set); err != nil {
		return err
	}
	return p.checkAccess(ctx)
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
