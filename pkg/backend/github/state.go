package github

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/repository"
)

// tagState is what State found for one tag, carried to Apply in the snapshot.
type tagState struct {
	plan    *tagPlan
	rel     *ghRelease          // nil: no release yet
	assets  map[string]*ghAsset // by name
	sums    map[string]string   // asset name → sha256 ("" = broken upload)
	created bool                // Apply created the release
}

// State lists the releases once and, for every tag of the set, the release (a
// published one, else the draft an earlier run left with the most assets) and the
// sha256 of each asset the build also has: the asset's digest where GitHub gives
// one, otherwise downloaded and hashed.
func (p *Publisher) State(ctx context.Context, set *release.Set) (publish.State, error) {
	plans, err := plan(set)
	if err != nil {
		return publish.State{}, err
	}
	all, err := p.api.listReleases(ctx)
	if err != nil {
		return publish.State{}, err
	}
	snap := &snapshot{}
	st := publish.NewState(snap)
	for _, tp := range plans {
		ts, err := p.readTag(ctx, tp, all)
		if err != nil {
			return publish.State{}, err
		}
		snap.tags = append(snap.tags, ts)
		ts.fill(st.Held)
	}
	return st, nil
}

// readTag picks the tag's release and hashes its assets.
func (p *Publisher) readTag(ctx context.Context, tp *tagPlan, all []*ghRelease) (*tagState, error) {
	ts := &tagState{plan: tp, assets: map[string]*ghAsset{}, sums: map[string]string{}}
	var drafts []*ghRelease
	for _, r := range all {
		switch {
		case r.GetTagName() != tp.tag:
		case !r.GetDraft():
			ts.rel = r
		default:
			drafts = append(drafts, r)
		}
	}
	if ts.rel == nil && len(drafts) > 0 {
		sort.SliceStable(drafts, func(i, j int) bool { return len(drafts[i].Assets) > len(drafts[j].Assets) })
		ts.rel = drafts[0] // adopted; Apply removes the empty others
	}
	if ts.rel == nil {
		return ts, nil
	}
	assets, err := p.api.assetsWithDigest(ctx, ts.rel.GetID())
	if err != nil {
		return nil, err
	}
	return ts, p.hashAssets(ctx, ts, assets)
}

func (p *Publisher) hashAssets(ctx context.Context, ts *tagState, assets []*ghAsset) error {
	var sums sync.Map
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(p.opts.Jobs)
	for _, a := range assets {
		ts.assets[a.GetName()] = a
		if ts.plan.find(a.GetName()) == nil {
			continue
		}
		g.Go(func() error {
			sum, err := p.digest(gctx, a, ts.plan.find(a.GetName()).file)
			sums.Store(a.GetName(), sum)
			return err
		})
	}
	err := g.Wait()
	sums.Range(func(k, v any) bool { ts.sums[k.(string)] = v.(string); return true })
	return err
}

// fill adds the tag's state for every provider release of the tag; assets the
// build does not have are reported once, with the first release.
func (ts *tagState) fill(st map[publish.Version]*publish.Held) {
	if ts.rel == nil {
		return
	}
	var extra []string
	for name := range ts.assets {
		if ts.plan.find(name) == nil {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	for i, r := range ts.plan.releases {
		h := &publish.Held{Files: ts.sums, Sealed: !ts.rel.GetDraft(), Immutable: ts.rel.Immutable}
		if i == 0 {
			h.Extra = extra
		}
		st[publish.Version{Label: r.Label(), Version: r.Version.String()}] = h
	}
}

// digest is the asset's sha256: GitHub's digest field, else the downloaded bytes'
// hash; "" (unreadable, so different) for an upload that broke off or an asset
// larger than f could be, which is not downloaded.
func (p *Publisher) digest(ctx context.Context, a *ghAsset, f release.File) (string, error) {
	if a.GetState() != "uploaded" {
		return "", nil
	}
	if d, ok := strings.CutPrefix(a.Digest, "sha256:"); ok && d != "" {
		return d, nil
	}
	limit := max(repository.CapFor(f.Name, 0), int64(len(f.Data)))
	if int64(a.GetSize()) > limit {
		return "", nil
	}
	data, err := p.api.download(ctx, a.GetID(), fmt.Sprintf("the asset %s (id %d) of %s", a.GetName(), a.GetID(), p.api.name()), limit)
	if errors.Is(err, httpx.ErrTooLarge) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return release.SHA256(data), nil
}

// check compares an uploaded asset with the file, downloading it when GitHub gives
// no digest or the digest differs (then the bytes decide).
func (p *Publisher) check(ctx context.Context, tag string, a *ghAsset, f release.File) error {
	got, err := p.digest(ctx, a, f)
	if err != nil {
		return err
	}
	if got != f.SHA256() || a.GetSize() != len(f.Data) {
		return fmt.Errorf("checking %s of the release %s in %s after upload: GitHub holds sha256 %.12s (%d bytes), this build %.12s (%d bytes); run the publish again to replace it",
			f.Name, tag, p.api.name(), got, a.GetSize(), f.SHA256(), len(f.Data))
	}
	return nil
}
