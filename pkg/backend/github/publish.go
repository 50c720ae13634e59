package github

import (
	"context"
	"fmt"
	"strings"

	gh "github.com/google/go-github/v60/github"

	"github.com/capirepo/capirepo/pkg/release"
)

// Publish puts every version of the set on GitHub, one release per tag, and returns
// what it did per file plus the clusterctl configuration to use. On error the report
// holds what was finished; re-running completes the work.
func (p *Publisher) Publish(ctx context.Context, set *release.Set) (*release.Report, error) {
	rep := &release.Report{Destination: p.String()}
	plans, err := plan(set)
	if err != nil {
		return rep, err
	}
	for _, tp := range plans {
		if err := p.publishTag(ctx, tp, rep); err != nil {
			return rep, p.api.red.wrap(err)
		}
	}
	rep.Notes = append(rep.Notes, p.notes(set)...)
	return rep, nil
}

func (p *Publisher) publishTag(ctx context.Context, tp *tagPlan, rep *release.Report) error {
	rel, err := p.api.findRelease(ctx, tp.tag)
	if err != nil {
		return err
	}
	if rel == nil && p.opts.DryRun {
		p.planNew(tp, rep)
		return nil
	}
	if rel == nil {
		if rel, err = p.create(ctx, tp, rep); err != nil {
			return err
		}
	}
	ds, extra, err := p.decide(ctx, tp, rel, true)
	if err != nil {
		return err
	}
	if len(extra) > 0 {
		rep.Notes = append(rep.Notes, fmt.Sprintf("release %s of %s also holds assets this build does not have, left alone: %s",
			tp.tag, p.api.name(), strings.Join(extra, ", ")))
	}
	if err := p.refusal(tp, rel, ds); err != nil {
		record(rep, ds, false)
		return err
	}
	if p.opts.DryRun {
		record(rep, ds, true)
		return nil
	}
	if err := p.apply(ctx, rel.GetID(), tp.tag, ds); err != nil {
		return err
	}
	record(rep, ds, false)
	return p.publishDraft(ctx, tp, rel)
}

// create makes the draft release of a tag. When the tag does not exist yet, GitHub
// creates it at publish time from TargetCommitish (or the default branch).
func (p *Publisher) create(ctx context.Context, tp *tagPlan, rep *release.Report) (*ghRelease, error) {
	exists, err := p.api.tagExists(ctx, tp.tag)
	if err != nil {
		return nil, err
	}
	r := &gh.RepositoryRelease{TagName: gh.String(tp.tag), Name: gh.String(tp.tag),
		Draft: gh.Bool(true), Prerelease: gh.Bool(tp.pre)}
	if p.opts.MakeLatest != "" {
		r.MakeLatest = gh.String(p.opts.MakeLatest)
	}
	if !exists {
		from := "the default branch"
		if p.opts.TargetCommitish != "" {
			r.TargetCommitish, from = gh.String(p.opts.TargetCommitish), p.opts.TargetCommitish
		}
		rep.Notes = append(rep.Notes, fmt.Sprintf("tag %s did not exist in %s: GitHub creates it from %s when the release is published", tp.tag, p.api.name(), from))
	}
	return p.api.createRelease(ctx, r)
}

// publishDraft turns the draft into a published release unless Draft is set.
func (p *Publisher) publishDraft(ctx context.Context, tp *tagPlan, rel *ghRelease) error {
	if !rel.GetDraft() || p.opts.Draft {
		return nil
	}
	edit := &gh.RepositoryRelease{Draft: gh.Bool(false), Prerelease: gh.Bool(tp.pre)}
	if p.opts.MakeLatest != "" {
		edit.MakeLatest = gh.String(p.opts.MakeLatest)
	}
	return p.api.editRelease(ctx, rel.GetID(), edit)
}

// planNew reports a dry run against a tag that has no release yet.
func (p *Publisher) planNew(tp *tagPlan, rep *release.Report) {
	for _, it := range tp.files {
		rep.Add(it.owner, it.file.Name, release.Planned, "new release "+tp.tag)
	}
}

// record adds the decisions to the report; a dry run reports writes as planned.
func record(rep *release.Report, ds []decision, dry bool) {
	for _, d := range ds {
		action := d.action
		if dry && (action == release.Written || action == release.Replaced) {
			action = release.Planned
		}
		rep.Add(d.it.owner, d.it.file.Name, action, d.detail)
	}
}
