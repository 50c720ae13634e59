package local

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/release"
)

// Publish merges the set into the repository. Versions already published with the
// same content are skipped; different content is refused (with the files that
// differ) unless Force, which swaps the folder. Nothing is written when the set is
// invalid, a version conflicts or a write fails: root is left as it was (apart from
// the lock file, created on the first publish, and leftovers of a crashed run).
func (p *Publisher) Publish(ctx context.Context, set *release.Set) (*release.Report, error) {
	rep := &release.Report{Destination: p.String()}
	root, err := p.prepare(set)
	if err != nil {
		return rep, err
	}
	if p.opts.DryRun {
		return rep, p.dryRun(root, set, rep)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return rep, fmt.Errorf("creating repository root %s: %w", root, err)
	}
	if !p.opts.Locked {
		unlock, err := lock(ctx, root, p.opts.LockWait)
		if err != nil {
			return rep, err
		}
		defer unlock()
	}
	if err := cleanLeftovers(root); err != nil {
		return rep, err
	}
	steps, err := plan(root, set, p.opts.Force)
	if err != nil {
		return rep, err
	}
	if err := refusals(steps, rep); err != nil {
		return rep, err
	}
	return rep, p.apply(ctx, root, set, steps, rep)
}

// prepare validates the set and returns the absolute root.
func (p *Publisher) prepare(set *release.Set) (string, error) {
	if err := set.Validate(); err != nil {
		return "", fmt.Errorf("validating the release set: %w", err)
	}
	for _, r := range set.Releases {
		if r.File(ChecksumFile) != nil {
			return "", fmt.Errorf("%s: file name %s is reserved for the checksum file the local repository writes; rename the file", r, ChecksumFile)
		}
	}
	root, err := filepath.Abs(p.root)
	if err != nil {
		return "", fmt.Errorf("resolving repository root %s: %w", p.root, err)
	}
	return root, nil
}

func (p *Publisher) dryRun(root string, set *release.Set, rep *release.Report) error {
	steps, err := plan(root, set, p.opts.Force)
	if err != nil {
		return err
	}
	if err := refusals(steps, rep); err != nil {
		return err
	}
	path := filepath.Join(root, ConfigFile)
	old, err := readConfig(path)
	if err != nil {
		return err
	}
	_, changed, err := mergeConfig(path, old, entries(root, set))
	if err != nil {
		return err
	}
	report(steps, changed, rep, true)
	notes(root, set, rep)
	return nil
}

// refusals reports every refused version and returns one error naming them all.
func refusals(steps []step, rep *release.Report) error {
	var errs []error
	for _, s := range steps {
		if s.op != opRefuse {
			continue
		}
		for _, f := range s.diff.Changed {
			rep.Add(s.rel.String(), f, release.Refused, "content differs")
		}
		for _, f := range s.diff.Added {
			rep.Add(s.rel.String(), f, release.Refused, "not in the published version")
		}
		for _, f := range s.diff.Removed {
			rep.Add(s.rel.String(), f, release.Refused, "only in the published version")
		}
		errs = append(errs, fmt.Errorf("%w: %s is already published in %s with different content (%s): publish a new version, or use --force to replace it",
			release.ErrConflict, s.rel, s.dir, s.diff))
	}
	return errors.Join(errs...)
}

// Preflight checks, writing nothing, that the set could be published: a valid set,
// no conflicting version (unless Force), no file in the way, a readable
// clusterctl.yaml. It lets a multi-backend run stop before any upload.
func (p *Publisher) Preflight(ctx context.Context, set *release.Set) error {
	root, err := p.prepare(set)
	if err != nil {
		return err
	}
	if err := p.dryRun(root, set, &release.Report{}); err != nil {
		return err
	}
	return ctx.Err()
}
