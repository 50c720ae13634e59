package cli

import (
	"errors"

	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/repository"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/capirepo/capirepo/pkg/verify"
)

// targets turns the argument into the providers to verify (pkg/source decides).
func (o *verifyOptions) targets(raw string) ([]repository.Repository, error) {
	opts, err := o.src.options(o.getenv)
	if err != nil {
		return nil, err
	}
	ps, err := source.Resolve(raw, opts)
	switch {
	case errors.Is(err, source.ErrUnsupported):
		return nil, usageErr(err)
	case err != nil:
		return nil, withCode(ExitInput, err)
	}
	return ps, nil
}

// readFailure is the exit code of a provider that could not be read: local trees
// are input (3), remote repositories a remote failure (4).
func readFailure(r repository.Repository) int {
	if r.Info().Kind == repository.Local {
		return ExitInput
	}
	return ExitPublish
}

// configFindings checks the clusterctl.yaml of the local repository a folder argument
// names (its root, or a provider folder's), as clusterctl reads it: URLs expanded
// from the environment, each one's files where it points.
func (o *verifyOptions) configFindings(targets []repository.Repository) (map[string]lint.Findings, error) {
	out := map[string]lint.Findings{}
	seen := map[string]bool{}
	for _, t := range targets {
		i := t.Info()
		if i.Kind != repository.Local || i.Version != "" || seen[i.Root] {
			continue
		}
		seen[i.Root] = true
		fs, err := verify.Config(i.Root, o.getenv)
		if err != nil {
			return nil, err
		}
		for label, f := range fs {
			out[label] = append(out[label], f...)
		}
	}
	return out, nil
}
