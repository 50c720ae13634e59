package verify

import (
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/metadata"
)

// Series is one releaseSeries entry of metadata.yaml (pkg/metadata's model).
type Series = metadata.Series

// parseMetadata reads someone else's metadata.yaml leniently, as clusterctl ≤v1.10
// does: unknown fields, a missing apiVersion or kind are accepted (lint reports them).
func parseMetadata(data []byte) (*metadata.Metadata, error) {
	return metadata.ParseLenient(layout.MetadataFile, data)
}

// seriesOf returns the series of a version's major.minor (GetReleaseSeriesForVersion).
func seriesOf(md *metadata.Metadata, v layout.Version) *Series {
	if md == nil {
		return nil
	}
	for i := range md.ReleaseSeries {
		s := &md.ReleaseSeries[i]
		if v.SameSeries(int64(s.Major), int64(s.Minor)) {
			return s
		}
	}
	return nil
}
