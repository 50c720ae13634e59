package github

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/publish"
	gh "github.com/google/go-github/v60/github"
)

// create makes the draft release of a tag, with the release notes asked for. When
// the tag does not exist yet, GitHub creates it at publish time from
// TargetCommitish (or the default branch).
func (p *Publisher) create(ctx context.Context, plan *publish.Plan, tp *tagPlan) (*ghRelease, error) {
	exists, err := p.api.tagExists(ctx, tp.tag)
	if err != nil {
		return nil, err
	}
	r := &gh.RepositoryRelease{TagName: gh.String(tp.tag), Name: gh.String(tp.tag),
		Draft: gh.Bool(true), Prerelease: gh.Bool(tp.pre)}
	if p.opts.MakeLatest != "" {
		r.MakeLatest = gh.String(p.opts.MakeLatest)
	}
	if p.opts.Notes != "" {
		r.Body = gh.String(p.opts.Notes)
	}
	if p.opts.GenerateNotes {
		r.GenerateReleaseNotes = gh.Bool(true)
	}
	if !exists {
		from := "the default branch"
		if p.opts.TargetCommitish != "" {
			r.TargetCommitish, from = gh.String(p.opts.TargetCommitish), p.opts.TargetCommitish
		}
		plan.Note(fmt.Sprintf("tag %s did not exist in %s: GitHub creates it from %s when the release is published", tp.tag, p.api.name(), from))
	}
	return p.api.createRelease(ctx, r)
}

// removeStrays deletes the other drafts of the tag that hold no asset: what a lost
// create-release answer (and its retry) or an earlier interrupted run left behind.
// A draft with assets is left alone and reported.
func (p *Publisher) removeStrays(ctx context.Context, plan *publish.Plan, ts *tagState) error {
	all, err := p.api.listReleases(ctx)
	if err != nil {
		return err
	}
	for _, r := range all {
		if r.GetTagName() != ts.plan.tag || !r.GetDraft() || r.GetID() == ts.rel.GetID() {
			continue
		}
		if len(r.Assets) > 0 {
			plan.Note(fmt.Sprintf("%s has another draft release for %s (id %d) with assets; it was left alone: delete it if it is not needed", p.api.name(), ts.plan.tag, r.GetID()))
			continue
		}
		if err := p.api.deleteRelease(ctx, r.GetID()); err != nil {
			return err
		}
	}
	return nil
}

// updateNotes replaces the notes of a release that existed before this run, only
// when asked (--notes-file or --generate-notes); otherwise its notes are kept.
func (p *Publisher) updateNotes(ctx context.Context, ts *tagState) error {
	if ts.created || (p.opts.Notes == "" && !p.opts.GenerateNotes) {
		return nil
	}
	body := p.opts.Notes
	if body == "" {
		var err error
		if body, err = p.api.generateNotes(ctx, ts.plan.tag); err != nil {
			return err
		}
	}
	if body == ts.rel.GetBody() {
		return nil
	}
	return p.api.editRelease(ctx, ts.rel.GetID(), &gh.RepositoryRelease{Body: gh.String(body)})
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
