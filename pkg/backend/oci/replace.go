package oci

import (
	"context"
	"fmt"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/registry"
	"github.com/capirepo/capirepo/pkg/release"
	"oras.land/oras-go/v2/content"
)

// signs reports, per release, whether the plan puts or replaces its signature
// (its bundle file's step writes): only then is one attached.
func signs(byRel map[*release.Release]publish.VersionSteps) func(*release.Release) bool {
	return func(r *release.Release) bool {
		for _, s := range byRel[r].Steps {
			if s.File.Name == bundleFile(r) {
				return s.Writes()
			}
		}
		return false
	}
}

// removeStale removes, for each release whose signature was just replaced, this
// signer's earlier signature referrers of the artifact that sign another statement:
// --replace replaces. A registry that does not delete manifests keeps them; the
// error says so (the new signature is attached by then).
func (p *Publisher) removeStale(ctx context.Context, repo Repo, j *job, signs func(*release.Release) bool) error {
	for _, r := range j.rels {
		if !signs(r) || len(j.stale[r]) == 0 {
			continue
		}
		del, ok := repo.(content.Deleter)
		if !ok {
			return fmt.Errorf("%s: the replaced signature of %s stays: this registry client cannot delete it", j.Ref(), r)
		}
		for _, d := range j.stale[r] {
			if err := del.Delete(ctx, d); err != nil {
				return fmt.Errorf("%s: the new signature of %s is attached, but the replaced one (referrer %s) stays: %w", j.Ref(), r, d.Digest, registry.Explain(err))
			}
		}
	}
	return nil
}
