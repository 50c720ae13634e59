package gitlab

import (
	"context"
	"fmt"
	"sort"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// State looks the project up (its visibility, with an access token: job and deploy
// tokens cannot read the projects API on every GitLab version), then reads every
// package version of the set: the copies of each file (oldest first; GitLab serves
// the newest). A version is sealed once its metadata.yaml is there, since Apply
// uploads it last. publish.Publish compares every file (sha256) before anything is
// uploaded; a different file of a complete version is refused unless
// Policy.Replace, because GitLab would keep both copies and serve the newest,
// silently changing a version users may already have downloaded.
func (p *Publisher) State(ctx context.Context, set *release.Set) (publish.State, error) {
	vis, err := p.visibility(ctx)
	if err != nil {
		return publish.State{}, err
	}
	snap := &snapshot{vis: vis, remotes: map[publish.Version]remoteVersion{}}
	st := publish.NewState(snap)
	for _, rel := range set.Releases {
		name := p.packageName(rel)
		names := make([]string, len(rel.Files))
		for i, f := range rel.Files {
			names[i] = f.Name
		}
		remote, err := p.c.remote(ctx, name, rel.Version.String(), names)
		if err != nil {
			return publish.State{}, fmt.Errorf("listing package %s %s of GitLab project %s: %w", name, rel.Version, p.c.opts.Project, explain(err, p.c.opts.Project, p.c.opts.TokenKind))
		}
		if len(remote) == 0 {
			continue
		}
		v := publish.Version{Label: rel.Label(), Version: rel.Version.String()}
		snap.remotes[v] = remote
		st.Held[v] = held(rel, remote)
	}
	return st, nil
}

func held(rel *release.Release, remote remoteVersion) *publish.Held {
	h := &publish.Held{Files: map[string]string{}}
	for name := range remote {
		newest, _ := remote.newest(name)
		h.Files[name] = newest.SHA256
		if rel.File(name) == nil {
			h.Extra = append(h.Extra, name)
		}
	}
	_, h.Sealed = h.Files[layout.MetadataFile]
	sort.Strings(h.Extra)
	return h
}

// Apply uploads version by version, one file at a time and metadata.yaml last, so a
// version only becomes complete for clusterctl once everything else is there. Each
// upload is checked against the sha256 GitLab reports; with Replace, older different
// copies of identical files (stale duplicates) are deleted.
func (p *Publisher) Apply(ctx context.Context, plan *publish.Plan) error {
	snap, err := publish.SnapshotOf[*snapshot](plan)
	if err != nil {
		return err
	}
	for _, v := range plan.ByVersion() {
		if err := p.applyVersion(ctx, plan, snap, v); err != nil {
			return fmt.Errorf("publishing %s to GitLab project %s: %w", v.Release, p.c.opts.Project, err)
		}
	}
	return p.writeNotes(ctx, plan)
}

func (p *Publisher) applyVersion(ctx context.Context, plan *publish.Plan, snap *snapshot, v publish.VersionSteps) error {
	name := p.packageName(v.Release)
	remote := snap.remotes[publish.Version{Label: v.Release.Label(), Version: v.Release.Version.String()}]
	for _, s := range uploadOrder(v.Steps) {
		copies := remote[s.File.Name]
		var err error
		switch s.Action {
		case publish.Put:
			err = p.upload(ctx, name, v.Release.Version.String(), *s.File, nil)
		case publish.Replace:
			err = p.replace(ctx, name, v.Release.Version.String(), *s.File, copies)
		case publish.Skip:
			err = p.dropStale(ctx, plan, v.Release, s.File, copies)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", s.File.Name, explain(err, p.c.opts.Project, p.c.opts.TokenKind))
		}
		if s.Writes() {
			plan.Done(s)
		}
	}
	return nil
}

// uploadOrder sorts steps by file name with metadata.yaml last: a version only
// becomes complete for clusterctl once its metadata exists.
func uploadOrder(steps []*publish.Step) []*publish.Step {
	out := append([]*publish.Step(nil), steps...)
	sort.SliceStable(out, func(i, j int) bool {
		mi, mj := out[i].File.Name == layout.MetadataFile, out[j].File.Name == layout.MetadataFile
		if mi != mj {
			return mj
		}
		return out[i].File.Name < out[j].File.Name
	})
	return out
}

// dropStale handles GitLab's duplicates of a file whose served copy is identical:
// older different copies are deleted with Replace, otherwise reported.
func (p *Publisher) dropStale(ctx context.Context, plan *publish.Plan, rel *release.Release, f *release.File, copies []remoteFile) error {
	var stale []remoteFile
	for _, c := range copies {
		if c.SHA256 != f.SHA256() {
			stale = append(stale, c)
		}
	}
	switch {
	case len(stale) == 0:
		return nil
	case plan.Policy.Replace:
		return p.deleteCopies(ctx, stale)
	}
	plan.Note(fmt.Sprintf("%s %s: GitLab also keeps %d older different copies (--replace deletes them)", rel, f.Name, len(stale)))
	return nil
}
