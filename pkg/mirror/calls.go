package mirror

import (
	"context"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/localrepo"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/verify"
)

// calls are what a run calls besides reading and writing: clusterctl's `latest`, the
// lint of a downloaded release, the folder's lock and the check of the written
// folder. Run calls the real ones; this package's tests replace some.
type calls struct {
	latest func(ctx context.Context, r repository.Repository, contract string) (string, error)
	lint   func(r *release.Release) lint.Findings
	lock   func(ctx context.Context, dir string) (unlock func(), err error)
	check  func(ctx context.Context, dir, label, components string) (lint.Findings, error)
}

func (c calls) orDefaults() calls {
	if c.latest == nil {
		c.latest = verify.Latest
	}
	if c.lint == nil {
		c.lint = check.RepoRelease
	}
	if c.lock == nil {
		c.lock = func(ctx context.Context, dir string) (func(), error) { return fsx.Lock(ctx, dir, 0) }
	}
	if c.check == nil {
		c.check = checkFolder
	}
	return c
}

// checkFolder reads one provider of the written folder as verify does, with every
// rule of check over each version.
func checkFolder(ctx context.Context, dir, label, components string) (lint.Findings, error) {
	r := localrepo.NewRepo(dir, label, 0)
	r.About.Components = components
	return verify.Findings(ctx, r, verify.Options{Lint: true})
}
