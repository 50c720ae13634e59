package verify

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/capirepo/capirepo/pkg/layout"
)

// errNoVersion is clusterctl's "failed to find releases tagged with a valid semantic
// version number".
var errNoVersion = errors.New("no release is tagged with a valid semantic version number: publish a version named vX.Y.Z that contains metadata.yaml")

// Latest resolves `latest` as clusterctl v1.7+ does for a client whose own contract is
// clusterctlContract (v1beta1 for ≤v1.10, v1beta2 for v1.11+): rank the versions (GA
// before pre-releases, newest first), take the first of the top five whose
// metadata.yaml can be read, then, when that metadata names a newer-or-older series
// for the contract, the latest patch release of that series (which may be a
// pre-release). The result always has the "v" prefix clusterctl adds.
func Latest(ctx context.Context, src Source, clusterctlContract string) (string, error) {
	latest, err := latestPatch(ctx, src, nil)
	if err != nil {
		return "", err
	}
	data, err := src.File(ctx, latest, MetadataFile)
	if err != nil {
		if skipsMissing(src) && errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("reading %s of %s: %w", MetadataFile, latest, err)
		}
		return latest, nil // clusterctl: best effort, keep latest
	}
	md, err := parseMetadata(data)
	if err != nil {
		return latest, nil // clusterctl: undecodable metadata keeps latest
	}
	want, ok := md.seriesForContract(clusterctlContract)
	v, verr := layout.ParseVersion(latest)
	if !ok || verr != nil || (int64(v.Major()) == int64(want.Major) && int64(v.Minor()) == int64(want.Minor)) {
		return latest, nil
	}
	return latestPatch(ctx, src, &want)
}

// latestPatch is clusterctl's latestPatchRelease: candidates (optionally of one
// series) ranked GA first, top five probed for metadata.yaml.
func latestPatch(ctx context.Context, src Source, series *Series) (string, error) {
	names, err := src.Versions(ctx)
	if err != nil {
		return "", fmt.Errorf("listing versions: %w", err)
	}
	var candidates []string
	for _, v := range layout.SortVersions(names) {
		if series == nil || (int64(v.Major()) == int64(series.Major) && int64(v.Minor()) == int64(series.Minor)) {
			candidates = append(candidates, "v"+v.String())
		}
	}
	for _, c := range candidates[:min(5, len(candidates))] {
		_, err := src.File(ctx, c, MetadataFile)
		if err == nil {
			return c, nil
		}
		if !skipsMissing(src) || !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("reading %s of %s, a `latest` candidate (clusterctl stops at the first unreadable one): %w", MetadataFile, c, err)
		}
	}
	return "", errNoVersion
}
