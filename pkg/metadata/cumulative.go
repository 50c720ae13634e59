package metadata

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"
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
// release are ignored. A missing series at or above the oldest listed one is an error,
// one per series: upgrade plan fails for everyone running it. Versions older than every
// listed series are dropped history (in real providers, the pre-v1beta1 releases that no
// clusterctl v1 manages) and get a single note.
func cumulative(file string, m *Metadata, opts CheckOptions) lint.Findings {
	if len(m.ReleaseSeries) == 0 {
		return nil // metadata-series-empty and metadata-version-series say it
	}
	oldest := m.oldest()
	gaps, old := unlisted{}, unlisted{}
	for _, p := range earlier(m, opts) {
		v := semver.MustParse(p)
		k := seriesKey{int64(v.Major()), int64(v.Minor())}
		if compareKeys(k, oldest) < 0 {
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
		out = append(out, finding(file, m.lines.series, RuleCumulativeOld, olderThanSeries(m, old)))
	}
	return out
}

// earlier returns the published versions older than opts.Version (all of them without
// a version) that have no series in m.
func earlier(m *Metadata, opts CheckOptions) []string {
	current, _ := parseVersion(opts.Version)
	var out []string
	for _, p := range opts.Published {
		v, err := parseVersion(p)
		if err != nil || (current != nil && !v.LessThan(current)) || m.series(int64(v.Major()), int64(v.Minor())) != nil {
			continue
		}
		out = append(out, p)
	}
	return out
}

// oldest returns the lowest major.minor listed; m has at least one series.
func (m *Metadata) oldest() seriesKey {
	keys := make([]seriesKey, 0, len(m.ReleaseSeries))
	for _, s := range m.ReleaseSeries {
		keys = append(keys, seriesKey{int64(s.Major), int64(s.Minor)})
	}
	return slices.MinFunc(keys, compareKeys)
}

func sortVersions(versions []string) {
	slices.SortFunc(versions, func(a, b string) int { return semver.MustParse(a).Compare(semver.MustParse(b)) })
}

func notCumulative(series string, versions []string) string {
	sortVersions(versions)
	return fmt.Sprintf("no series %s, yet %s were released: clusterctl upgrade plan reads the newest metadata.yaml and fails with \"version %s (the current version) … does not match any release series\" for every user running them; add it back with capirepo metadata add-series --version %s --contract <the contract that series declared>",
		series, strings.Join(versions, ", "), versions[len(versions)-1], versions[0])
}

func olderThanSeries(m *Metadata, old unlisted) string {
	keys := old.series()
	var names, all []string
	for _, k := range keys {
		names = append(names, k.String())
		all = append(all, old[k]...)
	}
	sortVersions(all)
	oldest := m.series(m.oldest().major, m.oldest().minor)
	return fmt.Sprintf("no series %s for %s, which are older than the oldest series %s (%s): users still running them cannot use clusterctl upgrade with this repository (\"version … (the current version) … does not match any release series\"), but clusterctl v1.0+ cannot manage pre-v1beta1 providers anyway; %s",
		strings.Join(names, ", "), versionSpan(all), oldest, oldest.Contract, oldAdvice(*oldest, old[keys[len(keys)-1]]))
}

// oldAdvice: contracts only move forward, so below a pre-v1beta1 series every release is
// pre-v1beta1 too; otherwise the newest dropped series may have been v1beta1.
func oldAdvice(oldest Series, newestDropped []string) string {
	if IsContract(oldest.Contract) && strings.HasPrefix(oldest.Contract, "v1alpha") {
		return "since the oldest series already predates v1beta1, nothing is lost"
	}
	sortVersions(newestDropped)
	return fmt.Sprintf("if one of them implemented v1beta1, add its series back with capirepo metadata add-series --version %s --contract v1beta1",
		newestDropped[0])
}

// versionSpan prints sorted versions as "v0.1.0" or "v0.1.0 … v0.8.2 (5 releases)".
func versionSpan(sorted []string) string {
	if len(sorted) == 1 {
		return sorted[0]
	}
	return fmt.Sprintf("%s … %s (%d releases)", sorted[0], sorted[len(sorted)-1], len(sorted))
}
