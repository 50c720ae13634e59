package metadata

import "github.com/capirepo/capirepo/pkg/lint"

// ParseLenient decodes a metadata.yaml written by someone else (a published release
// read by verify or mirror) as far as clusterctl ≤v1.10 would: it fails only when the
// file is not one YAML mapping or a series' major or minor is not an integer. A wrong
// or missing apiVersion or kind and an empty releaseSeries are accepted here; Parse and
// Lint report them.
func ParseLenient(file string, data []byte) (*Metadata, error) {
	m, found := decode(file, data)
	var fatal lint.Findings
	for _, f := range found {
		if f.Rule == RuleYAML || f.Rule == RuleSeriesValue {
			fatal = append(fatal, f)
		}
	}
	if len(fatal) > 0 {
		return nil, fatal
	}
	if m == nil {
		return nil, lint.Findings{finding(file, 1, RuleYAML, "metadata.yaml is not a YAML mapping: clusterctl cannot decode it")}
	}
	return m, nil
}

// SeriesForContract returns the newest series whose contract is exactly contract
// (clusterctl's GetReleaseSeriesForContract), or nil.
func (m *Metadata) SeriesForContract(contract string) *Series {
	var best *Series
	for i := range m.ReleaseSeries {
		s := &m.ReleaseSeries[i]
		if s.Contract != contract {
			continue
		}
		if best == nil || s.Major > best.Major || (s.Major == best.Major && s.Minor > best.Minor) {
			best = s
		}
	}
	return best
}
