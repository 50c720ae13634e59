package mirror

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/sign"
)

// fetchRelease resolves the pick's version and reads the release files: metadata.yaml,
// the components file named by the URL, and every cluster-template*.yaml and
// clusterclass-*.yaml of the version.
func (r *runner) fetchRelease(ctx context.Context, job Job, src *fetcher) (*release.Release, error) {
	version, err := r.resolve(ctx, job.Pick, src)
	if err != nil {
		return nil, err
	}
	p := job.Pick.Provider
	names, err := src.Files(ctx, version)
	if err != nil {
		return nil, err
	}
	wanted, err := selectFiles(names, p.ComponentsFile(), layout.BundleFile(p.Label(), version))
	if err != nil {
		return nil, fmt.Errorf("%s %s from %s: %w", p.Label(), version, p.URL, err)
	}
	v, err := layout.ParseVersion(version) // the version enters the release here
	if err != nil {
		return nil, fmt.Errorf("%s %s from %s: %s: %w", p.Label(), version, p.URL, p.Label(), err)
	}
	rel := &release.Release{Provider: p.Provider, Version: v, ComponentsFile: p.ComponentsFile(),
		Files: make([]release.File, len(wanted))}
	g, gctx := errgroup.WithContext(ctx)
	for i, name := range wanted {
		g.Go(func() error {
			data, err := src.File(gctx, version, name)
			rel.Files[i] = release.File{Name: name, Data: data}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	rel.Sort()
	if err := rel.Validate(); err != nil {
		return nil, fmt.Errorf("%s from %s: %w", rel, p.URL, err)
	}
	err = sign.Matches(rel) // the upstream's own bundle, key or not
	if err == nil && r.opts.Signature != nil {
		err = sign.VerifyRelease(rel, *r.opts.Signature)
	}
	if err != nil {
		return nil, fmt.Errorf("refusing %s from %s: %w", rel, p.URL, err)
	}
	return rel, nil
}

// resolve turns Latest into a version with clusterctl's rules for Options.Contract
// (verify.Latest).
func (r *runner) resolve(ctx context.Context, pick Pick, src *fetcher) (string, error) {
	if pick.Version != Latest {
		return pick.Version, nil
	}
	if r.opts.Contract == "" {
		return "", fmt.Errorf("%s: `latest` cannot be resolved for this source; give a version (name:vX.Y.Z)", pick.Provider.Label())
	}
	v, err := r.opts.calls.latest(ctx, src, r.opts.Contract)
	if err != nil {
		return "", fmt.Errorf("resolving latest of %s from %s: %w", pick.Provider.Label(), pick.Provider.URL, err)
	}
	return v, nil
}

// selectFiles keeps the files clusterctl reads (layout.Reads) and the version's
// signature bundle, refusing names that could escape the version folder, and checks
// that metadata.yaml and the components file are there.
func selectFiles(names []string, components, bundle string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, n := range names {
		if !layout.Reads(n, components) && n != bundle {
			continue
		}
		if err := layout.ValidateFileName(n); err != nil {
			return nil, fmt.Errorf("refusing the release asset %q, whose name could escape the version folder: %w", n, err)
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, need := range []string{layout.MetadataFile, components} {
		if !seen[need] {
			return nil, fmt.Errorf("the release has no %s; check the provider URL's components file name and that the version is a provider release", need)
		}
	}
	return out, nil
}
