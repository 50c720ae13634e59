package github

import (
	"context"
	"fmt"
	"sort"

	"golang.org/x/sync/errgroup"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Apply runs the tags in semantic version order; per tag: find or create the draft
// (adopting one an earlier run left, removing empty extra drafts), upload what the
// plan puts or replaces, check each upload, then publish. A tag's release is
// published only when all its assets are there, so clusterctl never sees a partial
// release; earlier tags stay published when a later one fails.
func (p *Publisher) Apply(ctx context.Context, plan *publish.Plan) error {
	snap, err := publish.SnapshotOf[*snapshot](plan)
	if err != nil {
		return err
	}
	for _, ts := range snap.tags {
		if err := p.applyTag(ctx, plan, ts); err != nil {
			return p.api.red.wrap(err)
		}
	}
	return nil
}

func (p *Publisher) applyTag(ctx context.Context, plan *publish.Plan, ts *tagState) error {
	if ts.rel == nil {
		rel, err := p.create(ctx, plan, ts.plan)
		if err != nil {
			return err
		}
		ts.rel, ts.created = rel, true
	}
	if err := p.removeStrays(ctx, plan, ts); err != nil {
		return err
	}
	if err := p.uploadAll(ctx, plan, ts); err != nil {
		return err
	}
	if err := p.updateNotes(ctx, ts); err != nil {
		return err
	}
	return p.publishDraft(ctx, ts.plan, ts.rel)
}

// uploadAll puts every written or replaced file of the tag once (providers sharing
// a file share its asset), at most Jobs at a time, and marks the steps done.
func (p *Publisher) uploadAll(ctx context.Context, plan *publish.Plan, ts *tagState) error {
	byName := map[string][]*publish.Step{}
	var names []string
	for _, s := range plan.Steps {
		if s.Release.Version.String() == ts.plan.tag && s.Writes() {
			if byName[s.File.Name] == nil {
				names = append(names, s.File.Name)
			}
			byName[s.File.Name] = append(byName[s.File.Name], s)
		}
	}
	sort.Strings(names) // started in name order (a map's order would differ per run)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(p.opts.Jobs)
	for _, name := range names {
		steps := byName[name]
		g.Go(func() error {
			if err := p.put(gctx, ts, *steps[0].File); err != nil {
				return err
			}
			for _, s := range steps {
				plan.Done(s)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	return nil
}

// put replaces or uploads one asset and checks it. An upload that answers 422
// already_exists (an earlier attempt got through but its answer was lost, or a
// broken upload left a "starter" asset) is resolved by looking at what is there.
func (p *Publisher) put(ctx context.Context, ts *tagState, f release.File) error {
	relID := ts.rel.GetID()
	if old := ts.assets[f.Name]; old != nil {
		if err := p.api.deleteAsset(ctx, old.GetID(), f.Name); err != nil {
			return err
		}
	}
	a, err := p.api.upload(ctx, relID, f.Name, f.Data)
	if alreadyExists(err) {
		a, err = p.resolve(ctx, relID, f)
	}
	if err != nil {
		return p.api.fail(fmt.Sprintf("uploading %s to the release %s of %s", f.Name, ts.plan.tag, p.api.name()), err)
	}
	return p.check(ctx, ts.plan.tag, a, f)
}

// resolve handles an upload that collided with an asset of the same name: keep it
// when identical, otherwise delete it and upload once more.
func (p *Publisher) resolve(ctx context.Context, relID int64, f release.File) (*ghAsset, error) {
	assets, err := p.api.assetsWithDigest(ctx, relID)
	if err != nil {
		return nil, err
	}
	for _, a := range assets {
		if a.GetName() != f.Name {
			continue
		}
		if sum, err := p.digest(ctx, a, f); err != nil || sum == f.SHA256() {
			return a, err
		}
		if err := p.api.deleteAsset(ctx, a.GetID(), a.GetName()); err != nil {
			return nil, err
		}
	}
	return p.api.upload(ctx, relID, f.Name, f.Data)
}
