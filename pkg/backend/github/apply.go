package github

import (
	"context"
	"fmt"

	gh "github.com/google/go-github/v60/github"
	"golang.org/x/sync/errgroup"

	"github.com/capirepo/capirepo/pkg/release"
)

// apply uploads the written and replaced files, at most Jobs at a time, and checks
// each one by downloading it again.
func (p *Publisher) apply(ctx context.Context, relID int64, tag string, ds []decision) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(p.opts.Jobs)
	for _, d := range ds {
		if d.action != release.Written && d.action != release.Replaced {
			continue
		}
		g.Go(func() error { return p.put(gctx, relID, tag, d) })
	}
	return g.Wait()
}

// put replaces or uploads one asset. An upload that answers 422 already_exists (an
// earlier attempt got through but its answer was lost, or a broken upload left a
// "starter" asset) is resolved by looking at what is there.
func (p *Publisher) put(ctx context.Context, relID int64, tag string, d decision) error {
	name := d.it.file.Name
	if d.old != nil {
		if err := p.api.deleteAsset(ctx, d.old.GetID(), name); err != nil {
			return err
		}
	}
	a, err := p.api.upload(ctx, relID, name, d.it.file.Data)
	if alreadyExists(err) {
		a, err = p.resolve(ctx, relID, d.it)
	}
	if err != nil {
		return p.api.fail(fmt.Sprintf("uploading %s to the release %s of %s", name, tag, p.api.name()), err)
	}
	return p.verify(ctx, tag, a, d.it)
}

// resolve handles an upload that collided with an asset of the same name: keep it
// when identical, otherwise delete it and upload once more.
func (p *Publisher) resolve(ctx context.Context, relID int64, it item) (*gh.ReleaseAsset, error) {
	assets, err := p.api.listAssets(ctx, relID)
	if err != nil {
		return nil, err
	}
	for _, a := range assets {
		if a.GetName() != it.file.Name {
			continue
		}
		diff, err := p.difference(ctx, it, a, true)
		if err != nil || diff == "" {
			return a, err
		}
		if err := p.api.deleteAsset(ctx, a.GetID(), a.GetName()); err != nil {
			return nil, err
		}
	}
	return p.api.upload(ctx, relID, it.file.Name, it.file.Data)
}

// verify downloads the uploaded asset and compares size and sha256.
func (p *Publisher) verify(ctx context.Context, tag string, a *gh.ReleaseAsset, it item) error {
	diff, err := p.difference(ctx, it, a, true)
	if err != nil {
		return err
	}
	if diff != "" {
		return fmt.Errorf("checking %s of the release %s in %s after upload: %s; run the publish again to replace it", it.file.Name, tag, p.api.name(), diff)
	}
	return nil
}
