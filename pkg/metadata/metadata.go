// Package metadata reads, writes, lints and edits clusterctl's metadata.yaml: the file
// that maps each release series (major.minor) of a provider to the Cluster API contract
// it implements. clusterctl needs it for `init`, `generate provider`, `upgrade` and to
// resolve `latest`, and it reads the newest release's copy for every upgrade, so the file
// must list every series users may still run (it is cumulative).
//
// Contracts and the clusterctl releases that accept them:
//   - clusterctl ≤ v1.10 (contract v1beta1) accepts only providers declaring v1beta1;
//   - clusterctl v1.11+ (contract v1beta2) accepts v1beta1 and v1beta2;
//   - v1alpha2, v1alpha3 and v1alpha4 are historical: they may stay in the file for old
//     series, but no supported clusterctl installs a version declaring them.
package metadata

import (
	"fmt"
	"slices"

	"github.com/capirepo/capirepo/pkg/layout"
)

// APIVersion and Kind are the only type clusterctl decodes metadata.yaml as.
const (
	APIVersion = "clusterctl.cluster.x-k8s.io/v1alpha3"
	Kind       = "Metadata"
)

// Metadata is the content of metadata.yaml.
type Metadata struct {
	APIVersion    string   `json:"apiVersion"`
	Kind          string   `json:"kind"`
	ReleaseSeries []Series `json:"releaseSeries"`

	lines positions // where things were in the parsed file; zero when built in code
}

// Series maps one major.minor release series to a Cluster API contract version.
type Series struct {
	Major    int32  `json:"major"`
	Minor    int32  `json:"minor"`
	Contract string `json:"contract"`
}

// positions remembers line numbers of a parsed file for findings.
type positions struct {
	apiVersion int   // line of the apiVersion key
	kind       int   // line of the kind key
	series     int   // line of the releaseSeries key
	items      []int // line of each entry of ReleaseSeries
}

// Contracts returns the Cluster API contract versions, oldest first.
func Contracts() []string {
	return []string{"v1alpha2", "v1alpha3", "v1alpha4", layout.ContractV1beta1, layout.ContractV1beta2}
}

// IsContract reports whether c is a Cluster API contract version.
func IsContract(c string) bool { return slices.Contains(Contracts(), c) }

// SeriesFor returns the first series matching the major and minor of version (patch
// and pre-release are ignored, as clusterctl does), or nil.
func (m *Metadata) SeriesFor(v layout.Version) *Series {
	if !v.Valid() {
		return nil
	}
	return m.series(int64(v.Major()), int64(v.Minor()))
}

func (m *Metadata) series(major, minor int64) *Series {
	for i := range m.ReleaseSeries {
		s := &m.ReleaseSeries[i]
		if int64(s.Major) == major && int64(s.Minor) == minor {
			return s
		}
	}
	return nil
}

// line returns the line of series i in the parsed file, or 0.
func (m *Metadata) line(i int) int {
	if i >= 0 && i < len(m.lines.items) {
		return m.lines.items[i]
	}
	return m.lines.series
}

// String prints a series as clusterctl does in its messages: "1.2".
func (s Series) String() string { return seriesName(int64(s.Major), int64(s.Minor)) }

func seriesName(major, minor int64) string {
	return fmt.Sprintf("%d.%d", major, minor)
}
