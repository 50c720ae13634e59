package verify

import (
	"fmt"

	"sigs.k8s.io/yaml"

	"github.com/capirepo/capirepo/pkg/manifest"
)

// MetadataFile is the file clusterctl reads to map versions to contracts.
const MetadataFile = "metadata.yaml"

// Series is one releaseSeries entry of metadata.yaml.
type Series struct {
	Major    int32  `json:"major"`
	Minor    int32  `json:"minor"`
	Contract string `json:"contract"`
}

// String is "major.minor (contract)".
func (s Series) String() string { return fmt.Sprintf("%d.%d (%s)", s.Major, s.Minor, s.Contract) }

// metadata is the part of clusterctl's Metadata type that verify needs; unknown
// fields are ignored, as clusterctl's decoder does.
type metadata struct {
	ReleaseSeries []Series `json:"releaseSeries"`
}

func parseMetadata(data []byte) (*metadata, error) {
	if err := manifest.Screen(data); err != nil {
		return nil, err
	}
	var md metadata
	if err := yaml.Unmarshal(data, &md); err != nil {
		return nil, err
	}
	return &md, nil
}

// seriesFor returns the series of a major.minor (GetReleaseSeriesForVersion).
func (m *metadata) seriesFor(major, minor uint64) (Series, bool) {
	for _, s := range m.ReleaseSeries {
		if s.Major >= 0 && s.Minor >= 0 && uint64(s.Major) == major && uint64(s.Minor) == minor {
			return s, true
		}
	}
	return Series{}, false
}

// seriesForContract returns the newest series whose contract equals contract
// exactly (GetReleaseSeriesForContract: no compatibility set here).
func (m *metadata) seriesForContract(contract string) (Series, bool) {
	var best Series
	found := false
	for _, s := range m.ReleaseSeries {
		if s.Contract != contract {
			continue
		}
		if !found || s.Major > best.Major || (s.Major == best.Major && s.Minor > best.Minor) {
			best = s
		}
		found = true
	}
	return best, found
}
