package mirror

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// plan is the transaction as a dry run (Options.DryRun): every destination's plan
// under a dry-run policy, each step's preflight, and images.txt as it would be,
// refused as the run would refuse; nothing is locked, staged or written.
func (r *runner) plan(ctx context.Context, rels []*release.Release, res *Result) error {
	if err := r.certConflict(); err != nil {
		return err
	}
	pol := r.policy()
	pol.DryRun = true
	if len(rels) > 0 {
		set := &release.Set{Releases: rels}
		rep, err := publish.Publish(ctx, set, r.opts.Destination, pol)
		res.Report = rep
		if err != nil {
			return fmt.Errorf("%s: %w", r.opts.Destination, err)
		}
		for _, d := range r.opts.Also {
			rep, err := publish.Publish(ctx, set, d, pol)
			if rep != nil {
				res.Also = append(res.Also, rep)
			}
			if err != nil {
				return err
			}
		}
	}
	m, err := readManifest(r.dir)
	if err != nil {
		return err
	}
	for _, rel := range rels {
		m.put(record(rel))
	}
	res.Images = allImages(m)
	tx := &Tx{Dir: r.dir, Releases: rels, Manifest: m, Images: res.Images, Result: res}
	for _, s := range r.opts.Steps {
		if s.Preflight != nil {
			if err := s.Preflight(ctx, tx); err != nil {
				return fmt.Errorf("%s: %w", s.Name, err)
			}
		}
	}
	return nil
}
