package github

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	gh "github.com/google/go-github/v60/github"
	"golang.org/x/sync/errgroup"

	"github.com/capirepo/capirepo/pkg/release"
)

// decision is what to do with one file: a release.Action kind, why, and the asset
// already on GitHub under that name (nil when none).
type decision struct {
	it     item
	old    *gh.ReleaseAsset
	action string
	detail string
}

// decide compares the plan with the release's assets. deep downloads same-sized
// assets to compare sha256; without it (preflight) equal sizes count as identical.
// It also returns the names of assets the build does not have (left alone).
func (p *Publisher) decide(ctx context.Context, tp *tagPlan, rel *ghRelease, deep bool) ([]decision, []string, error) {
	assets, err := p.api.listAssets(ctx, rel.GetID())
	if err != nil {
		return nil, nil, err
	}
	byName := map[string]*gh.ReleaseAsset{}
	var extra []string
	for _, a := range assets {
		byName[a.GetName()] = a
		if tp.find(a.GetName()) == nil {
			extra = append(extra, a.GetName())
		}
	}
	mutable := rel.GetDraft() || (p.opts.Replace && !rel.Immutable)
	ds := make([]decision, len(tp.files))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(p.opts.Jobs)
	for i, it := range tp.files {
		g.Go(func() (err error) {
			ds[i], err = p.decideOne(gctx, it, byName[it.file.Name], mutable, deep)
			return err
		})
	}
	return ds, extra, g.Wait()
}

func (p *Publisher) decideOne(ctx context.Context, it item, old *gh.ReleaseAsset, mutable, deep bool) (decision, error) {
	d := decision{it: it, old: old}
	if old == nil {
		d.action, d.detail = release.Written, ""
		if !mutable {
			d.action, d.detail = release.Refused, "missing from the published release"
		}
		return d, nil
	}
	diff, err := p.difference(ctx, it, old, deep)
	switch {
	case err != nil:
		return d, err
	case diff == "":
		d.action = release.Skipped
	case mutable:
		d.action, d.detail = release.Replaced, diff
	default:
		d.action, d.detail = release.Refused, diff
	}
	return d, nil
}

// difference describes how the asset differs from the file, or "" when identical.
func (p *Publisher) difference(ctx context.Context, it item, old *gh.ReleaseAsset, deep bool) (string, error) {
	want := len(it.file.Data)
	switch {
	case old.GetState() != "uploaded":
		return fmt.Sprintf("an earlier upload broke off (state %q)", old.GetState()), nil
	case old.GetSize() != want:
		return fmt.Sprintf("%d bytes on GitHub, %d in this build", old.GetSize(), want), nil
	case !deep:
		return "", nil
	}
	data, err := p.api.download(ctx, old.GetID(), old.GetName())
	if err != nil {
		return "", err
	}
	if got := sha(data); got != it.file.SHA256() {
		return fmt.Sprintf("sha256 %.12s… on GitHub, %.12s… in this build", got, it.file.SHA256()), nil
	}
	return "", nil
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
