package verify

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/repository"
)

// ErrNoLatest marks a repository in which clusterctl finds no version for `latest`
// (its "failed to find releases tagged with a valid semantic version number").
var ErrNoLatest = errors.New("`latest` resolves to no version (clusterctl: no release is tagged with a valid semantic version number)")

// Latest resolves `latest` as clusterctl v1.7+ does for a client whose own contract is
// clusterctlContract (v1beta1 for ≤v1.10, v1beta2 for v1.11+): rank the versions (GA
// before pre-releases, newest first), take the first of the top five whose
// metadata.yaml can be read, then, when that metadata names a newer-or-older series
// for the contract, the latest patch release of that series (which may be a
// pre-release). The result always has the "v" prefix clusterctl adds. Errors that
// find no version wrap ErrNoLatest and say why.
func Latest(ctx context.Context, r repository.Repository, clusterctlContract string) (string, error) {
	latest, err := latestPatch(ctx, r, nil)
	if err != nil {
		return "", err
	}
	data, err := r.File(ctx, latest, layout.MetadataFile)
	if err != nil {
		if r.Info().SkipsMissing && errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("reading %s of %s: %w", layout.MetadataFile, latest, err)
		}
		return latest, nil // clusterctl: best effort, keep latest
	}
	md, err := parseMetadata(data)
	if err != nil {
		return latest, nil // clusterctl: undecodable metadata keeps latest
	}
	want := md.SeriesForContract(clusterctlContract)
	v, verr := layout.ParseVersion(latest)
	if want == nil || verr != nil || v.SameSeries(int64(want.Major), int64(want.Minor)) {
		return latest, nil
	}
	got, err := latestPatch(ctx, r, want)
	if errors.Is(err, errNoCandidate) {
		return "", fmt.Errorf("%w: metadata.yaml of %s names %d.%d as the newest series for contract %s, and no version of that series is published",
			ErrNoLatest, latest, want.Major, want.Minor, clusterctlContract)
	}
	return got, err
}

// errNoCandidate: no version (of the series asked for) exists at all.
var errNoCandidate = errors.New("no candidate")

// latestPatch is clusterctl's latestPatchRelease: candidates (optionally of one
// series) ranked GA first, top five probed for metadata.yaml.
func latestPatch(ctx context.Context, r repository.Repository, series *Series) (string, error) {
	names, err := r.Versions(ctx)
	if err != nil {
		return "", fmt.Errorf("listing versions: %w", err)
	}
	var candidates []string
	for _, v := range layout.SortVersions(names) {
		if series == nil || v.SameSeries(int64(series.Major), int64(series.Minor)) {
			candidates = append(candidates, v.Canonical())
		}
	}
	if len(candidates) == 0 && series != nil {
		return "", errNoCandidate
	}
	if len(candidates) == 0 {
		return "", fmt.Errorf("%w: there is no version at all; publish a version named vX.Y.Z that contains metadata.yaml", ErrNoLatest)
	}
	top := candidates[:min(5, len(candidates))]
	for _, c := range top {
		_, err := r.File(ctx, c, layout.MetadataFile)
		if err == nil {
			return c, nil
		}
		if !r.Info().SkipsMissing || !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("reading %s of %s, a `latest` candidate (clusterctl stops at the first unreadable one): %w", layout.MetadataFile, c, err)
		}
	}
	return "", fmt.Errorf("%w: none of the releases clusterctl probes (%s, at most the 5 highest) has metadata.yaml; publish metadata.yaml in %s",
		ErrNoLatest, strings.Join(top, ", "), top[0])
}
