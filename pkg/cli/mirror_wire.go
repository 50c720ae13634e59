package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/capirepo/capirepo/pkg/mirror"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/sign"
)

// options wires mirror.Run: the local publisher inside mirror's locked transaction,
// and the contract `latest` is resolved for.
func (o *mirrorOptions) options(cert mirror.CertManagerJob, also []publish.Destination, show *mirrorProgress) mirror.Options {
	return mirror.Options{
		Dir: o.out, Jobs: o.jobs, Force: o.force, DryRun: o.dryRun, Also: also, CertManager: cert,
		Destination:   local.New(o.out, local.Options{Locked: true, KeepConfig: true}),
		ImageRegistry: o.registry, Strict: o.strict, Progress: show.event, Contract: o.contract,
	}
}

// mirrorExit maps a mirror failure to the exit codes of docs/exit-codes.md: a conflict 5, lint
// errors under --strict, a release its signature does not cover (--verify-key) and a
// mirror clusterctl could not use 1, anything else 4
// (an interrupt stays 130: exitCode checks cancellation first).
func mirrorExit(err error, res *mirror.Result, strict bool) int {
	switch {
	case errors.Is(err, publish.ErrConflict) && wroteFolder(res):
		return ExitPublish // a further destination refused; the folder did change
	case errors.Is(err, publish.ErrConflict):
		return ExitConflict
	case errors.Is(err, mirror.ErrUnusable), errors.Is(err, sign.ErrVerify), err != nil && res != nil && strict && res.Findings.HasErrors():
		return ExitFindings
	}
	return ExitPublish
}

// wroteFolder reports whether the run's transaction finished (mirror.json written).
func wroteFolder(res *mirror.Result) bool { return res != nil && res.Manifest != nil }

// mirrorErr is err with its exit code. A conflict at a further destination
// (--to-gitlab, --to-oci) after the folder was written is told as such and loses its
// conflict mark, which would otherwise mean exit 5 ("nothing was changed"); an
// interrupt keeps its chain (exit 130).
func mirrorErr(err error, res *mirror.Result, strict bool, dir string) error {
	code := mirrorExit(err, res, strict)
	if err != nil && code == ExitPublish && errors.Is(err, publish.ErrConflict) && !errors.Is(err, context.Canceled) {
		err = errors.New("the mirror folder " + dir + " was written, but a further destination refused the releases: " + err.Error())
	}
	if errors.Is(err, mirror.ErrCertManager) && !errors.Is(err, context.Canceled) {
		err = fmt.Errorf("%w\n--cert-manager= mirrors without cert-manager; --cert-manager-url reads it from another place (a local folder in clusterctl's form, or another server)", err)
	}
	return withCode(code, err)
}
