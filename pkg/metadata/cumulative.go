package metadata

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// seriesKey is a major.minor release series.
type seriesKey struct{ major, minor int64 }

func (k seriesKey) String() string { return seriesName(k.major, k.minor) }

func compareKeys(a, b seriesKey) int {
	return cmp.Or(cmp.Compare(a.major, b.major), cmp.Compare(a.minor, b.minor))
}

// unlisted groups published versions by their series, which metadata.yaml lacks.
type unlisted map[seriesKey][]string

func (u unlisted) series() []seriesKey {
	keys := make([]seriesKey, 0, len(u))
	for k := range u {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareKeys)
	return keys
}

// cumulative reports earlier published versions (pre-releases included: clusterctl
// matches on major.minor only) whose series metadata.yaml lacks. Versions newer than the
// release are ignored. A missing series is an error, one per series: upgrade plan fails
// for everyone running them. Exempt versions (tags whose own metadata.yaml never declared
// their series, or declared a contract no clusterctl v1 installs: v1alpha*, a typo) get
// a single note.
func cumulative(file string, m *Metadata, opts CheckOptions) lint.Findings {
	if len(m.ReleaseSeries) == 0 {
		return nil // metadata-series-empty and metadata-version-series say it
	}
	gaps, old := unlisted{}, unlisted{}
	for _, p := range earlier(m, opts) {
		v, _ := layout.ParseListed(p) // earlier keeps versions only
		k := seriesKey{int64(v.Major()), int64(v.Minor())}
		if slices.Contains(opts.Exempt, p) {
			old[k] = append(old[k], p)
		} else {
			gaps[k] = append(gaps[k], p)
		}
	}
	var out lint.Findings
	for _, k := range gaps.series() {
		out = append(out, finding(file, m.lines.series, RuleCumulative, notCumulative(k.String(), gaps[k])))
	}
	if len(old) > 0 {
		out = append(out, finding(file, m.lines.series, RuleCumulativeOld, exemptNote(old)))
	}
	return out
}

// earlier returns the published versions older than opts.Version (all of them without
// a version) that have no series in m.
func earlier(m *Metadata, opts CheckOptions) []string {
	current := opts.Version
	var out []string
	for _, p := range opts.Published {
		v, err := layout.ParseListed(p)
		if err != nil || (current.Valid() && !v.LessThan(current)) || m.series(int64(v.Major()), int64(v.Minor())) != nil {
			continue
		}
		out = append(out, p)
	}
	return out
}

func sortVersions(versions []string) {
	slices.SortFunc(versions, func(a, b string) int { return layout.NamedVersion(a).Compare(layout.NamedVersion(b)) })
}

func notCumulative(series string, versions []string) string {
	sortVersions(versions)
	return fmt.Sprintf("no series %s, yet %s were released with it: clusterctl upgrade plan reads the newest metadata.yaml and fails with \"version %s (the current version) … does not match any release series\" for every user running them (the CAPC v0.5.0 failure); add it back with capirepo metadata add-series --version %s --contract <the contract that series declared>",
		series, strings.Join(versions, ", "), versions[len(versions)-1], versions[0])
}

func exemptNote(old unlisted) string {
	var names, all []string
	for _, k := range old.series() {
		names = append(names, k.String())
		all = append(all, old[k]...)
	}
	sortVersions(all)
	return fmt.Sprintf("no series %s for %s: their own metadata.yaml never declared them (released before the provider had metadata.yaml) or declared a contract no clusterctl v1 installs or upgrades from (v1alpha*, or a typo such as v1beta: clusterctl accepts only v1beta1 and v1beta2), so nothing is lost",
		strings.Join(names, ", "), versionSpan(all))
}

// versionSpan prints sorted versions as "v0.1.0" or "v0.1.0 … v0.8.2 (5 releases)".
func versionSpan(sorted []string) string {
	if len(sorted) == 1 {
		return sorted[0]
	}
	return fmt.Sprintf("%s … %s (%d releases)", sorted[0], sorted[len(sorted)-1], len(sorted))
}
