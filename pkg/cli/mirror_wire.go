package cli

import (
	"context"
	"errors"

	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/mirror"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/capirepo/capirepo/pkg/verify"
)

// options wires mirror.Run: the local publisher inside mirror's locked transaction,
// clusterctl's `latest`, lint, and verify's check of the written folder.
func (o *mirrorOptions) options(cert mirror.CertManagerJob, also []publish.Publisher, show *mirrorProgress) mirror.Options {
	return mirror.Options{
		Dir: o.out, Jobs: o.jobs, Force: o.force, Also: also, CertManager: cert,
		Publisher: local.New(o.out, local.Options{Force: o.force, Locked: true}),
		Lock: func(ctx context.Context, dir string) (func(), error) {
			return local.Lock(ctx, dir, 0)
		},
		ImageRegistry: o.registry, Strict: o.strict, Progress: show.event, Latest: o.latest, Lint: mirrorLint,
		Check: mirrorCheck,
	}
}

// mirrorCheck reads one provider of the mirror back the way `verify` does.
func mirrorCheck(ctx context.Context, dir, label, components string) (lint.Findings, error) {
	rep, err := verify.Provider(ctx, source.NewLocal(dir, label, 0), label, components, verify.Options{Lint: lintRelease})
	if err != nil {
		return nil, err
	}
	return rep.AllFindings(), nil
}

// mirrorExit maps a mirror failure to the README's exit codes: a conflict 5, lint
// errors under --strict and a mirror clusterctl could not use 1, anything else 4
// (an interrupt stays 130: exitCode checks cancellation first).
func mirrorExit(err error, res *mirror.Result, strict bool) int {
	switch {
	case errors.Is(err, release.ErrConflict):
		return ExitConflict
	case errors.Is(err, mirror.ErrUnusable), err != nil && res != nil && strict && res.Findings.HasErrors():
		return ExitFindings
	}
	return ExitPublish
}
