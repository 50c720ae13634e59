package gitlab

import (
	"context"
	"fmt"
	"sort"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/release"
)

// Publish runs the set through publish.Publish with the options' policy: every file
// of every version is compared (sha256) with what GitLab serves before anything is
// uploaded; a different file of a complete version (one with its metadata.yaml) is
// refused unless Options.Replace, because GitLab would keep both copies and serve the
// newest, silently changing a version users may already have downloaded.
func (p *Publisher) Publish(ctx context.Context, set *release.Set) (*release.Report, error) {
	return publish.Publish(ctx, set, p, publish.Policy{Replace: p.c.opts.Replace, DryRun: p.c.opts.DryRun})
}

// State reads every package version of the set: the copies of each file (oldest
// first; GitLab serves the newest). A version is sealed once its metadata.yaml is
// there, since Apply uploads it last.
func (p *Publisher) State(ctx context.Context, set *release.Set) (publish.State, error) {
	st := publish.State{}
	p.remotes = map[publish.Version]remoteVersion{}
	for _, rel := range set.Releases {
		name := p.packageName(rel)
		names := make([]string, len(rel.Files))
		for i, f := range rel.Files {
			names[i] = f.Name
		}
		remote, err := p.c.remote(ctx, name, rel.Version, names)
		if err != nil {
			return nil, fmt.Errorf("listing package %s %s of GitLab project %s: %w", name, rel.Version, p.c.opts.Project, explain(err, p.c.opts.Project, p.c.opts.TokenKind))
		}
		if len(remote) == 0 {
			continue
		}
		v := publish.Version{Label: rel.Label(), Version: rel.Version}
		p.remotes[v] = remote
		st[v] = held(rel, remote)
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
	_, h.Sealed = h.Files["metadata.yaml"]
	sort.Strings(h.Extra)
	return h
}

// Apply uploads version by version, one file at a time and metadata.yaml last, so a
// version only becomes complete for clusterctl once everything else is there. Each
// upload is checked against the sha256 GitLab reports; with Replace, older different
// copies of identical files (stale duplicates) are deleted.
func (p *Publisher) Apply(ctx context.Context, plan *publish.Plan) error {
	for _, v := range plan.ByVersion() {
		if err := p.applyVersion(ctx, plan, v); err != nil {
			return fmt.Errorf("publishing %s to GitLab project %s: %w", v.Release, p.c.opts.Project, err)
		}
	}
	return nil
}

func (p *Publisher) applyVersion(ctx context.Context, plan *publish.Plan, v publish.VersionSteps) error {
	name := p.packageName(v.Release)
	remote := p.remotes[publish.Version{Label: v.Release.Label(), Version: v.Release.Version}]
	for _, s := range uploadOrder(v.Steps) {
		copies := remote[s.File.Name]
		var err error
		switch s.Action {
		case publish.Put:
			err = p.upload(ctx, name, v.Release.Version, *s.File, nil)
		case publish.Replace:
			err = p.replace(ctx, name, v.Release.Version, *s.File, copies)
		case publish.Skip:
			err = p.dropStale(ctx, plan.Policy.Replace, v.Release, s.File, copies)
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
		mi, mj := out[i].File.Name == "metadata.yaml", out[j].File.Name == "metadata.yaml"
		if mi != mj {
			return mj
		}
		return out[i].File.Name < out[j].File.Name
	})
	return out
}

// dropStale handles GitLab's duplicates of a file whose served copy is identical:
// older different copies are deleted with Replace, otherwise reported.
func (p *Publisher) dropStale(ctx context.Context, replace bool, rel *release.Release, f *release.File, copies []remoteFile) error {
	var stale []remoteFile
	for _, c := range copies {
		if c.SHA256 != f.SHA256() {
			stale = append(stale, c)
		}
	}
	switch {
	case len(stale) == 0:
		return nil
	case replace:
		return p.deleteCopies(ctx, stale)
	}
	p.notes = append(p.notes, fmt.Sprintf("%s %s: GitLab also keeps %d older different copies (--replace deletes them)", rel, f.Name, len(stale)))
	return nil
}
