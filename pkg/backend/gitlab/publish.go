package gitlab

import (
	"context"
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/release"
)

// Publish uploads every release as the generic package <label> (or Options.Package)
// at its version, "v" kept. For each version it lists what GitLab holds first:
// identical files are skipped; a different file is refused (GitLab would keep both
// copies and serve the newest, silently changing a published version), and then
// nothing of that version is uploaded, unless Options.Replace, which uploads the new
// file and deletes the old copies. Files go up one at a time, metadata.yaml last, and
// each upload is checked against the sha256 and size GitLab reports. The report's
// Notes hold the clusterctl providers: entries and the warnings that apply.
func (p *Publisher) Publish(ctx context.Context, set *release.Set) (*release.Report, error) {
	rep := &release.Report{Destination: p.String()}
	if err := p.checkPackageOption(set); err != nil {
		return rep, err
	}
	vis, err := p.visibility(ctx)
	if err != nil {
		return rep, err
	}
	var refused []string
	for _, rel := range set.Releases {
		n, err := p.publishRelease(ctx, rel, rep)
		if err != nil {
			rep.Notes = p.notes(set, vis)
			return rep, fmt.Errorf("publishing %s to GitLab project %s: %w", rel, p.c.opts.Project, err)
		}
		if n > 0 {
			refused = append(refused, rel.String())
		}
	}
	rep.Notes = p.notes(set, vis)
	if len(refused) > 0 {
		return rep, fmt.Errorf("GitLab project %s already holds different files for %s, so these versions were not uploaded: publish a new version, or pass --replace to overwrite them (the report lists the files)",
			p.c.opts.Project, strings.Join(refused, ", "))
	}
	return rep, nil
}

// publishRelease plans and uploads one version; it returns the number of refused files.
func (p *Publisher) publishRelease(ctx context.Context, rel *release.Release, rep *release.Report) (int, error) {
	name, files := p.packageName(rel), uploadOrder(rel.Files)
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Name
	}
	remote, err := p.c.remote(ctx, name, rel.Version, names)
	if err != nil {
		return 0, fmt.Errorf("listing package %s %s: %w", name, rel.Version, explain(err, p.c.opts.Project, p.c.opts.TokenKind))
	}
	refused := 0
	for _, st := range planVersion(files, remote, p.c.opts.Replace) {
		if st.action == release.Refused {
			refused++
		}
		action, detail, err := p.apply(ctx, name, rel.Version, st)
		if err != nil {
			return refused, fmt.Errorf("%s: %w", st.file.Name, explain(err, p.c.opts.Project, p.c.opts.TokenKind))
		}
		rep.Add(rel.String(), st.file.Name, action, detail)
	}
	return refused, nil
}

// apply carries out one step and returns the action and detail to report.
func (p *Publisher) apply(ctx context.Context, name, version string, st step) (string, string, error) {
	switch {
	case st.action == release.Refused:
		return st.action, st.detail, nil
	case p.c.opts.DryRun && st.action == release.Skipped:
		return st.action, st.detail, nil
	case p.c.opts.DryRun:
		return release.Planned, fmt.Sprintf("would be %s (sha256 %s)", st.action, short(st.file.SHA256())), nil
	case st.action == release.Skipped:
		return st.action, st.detail, p.deleteCopies(ctx, st.old)
	case st.action == release.Replaced:
		return st.action, st.detail, p.replace(ctx, name, version, st)
	}
	if err := p.upload(ctx, name, version, st.file, nil); err != nil {
		return "", "", err
	}
	return release.Written, fmt.Sprintf("sha256 %s, %d bytes", short(st.file.SHA256()), len(st.file.Data)), nil
}
