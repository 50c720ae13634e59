package metadata

import (
	"fmt"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"
	"github.com/capirepo/capirepo/pkg/lint"
)

// CheckOptions describes the release a metadata.yaml ships with.
type CheckOptions struct {
	Version      string   // the version being released, "v1.2.3"; empty skips the version checks
	Published    []string // versions released earlier (tags, folders); newer ones and non-versions are ignored
	CRDContracts []string // contracts X of the cluster.x-k8s.io/X labels on the provider's CRDs; empty skips that check
}

// Check verifies metadata against a release: the version's series exists and declares a
// contract clusterctl installs and the CRDs implement, every earlier published version
// still has a series (the file is cumulative), and every contract is a CAPI contract.
// Findings are sorted; Lint's metadata-contract findings repeat here (see Validate).
func Check(file string, m *Metadata, opts CheckOptions) lint.Findings {
	if m == nil {
		m = &Metadata{}
	}
	found := contracts(file, m)
	found = append(found, checkVersion(file, m, opts)...)
	found = append(found, cumulative(file, m, opts)...)
	found.Sort()
	return found
}

func checkVersion(file string, m *Metadata, opts CheckOptions) lint.Findings {
	if opts.Version == "" {
		return nil
	}
	if _, err := parseVersion(opts.Version); err != nil {
		return lint.Findings{finding(file, 0, RuleVersionSeries, fmt.Sprintf("release version %q is not a SemVer version: use vMAJOR.MINOR.PATCH", opts.Version))}
	}
	s := m.SeriesFor(opts.Version)
	if s == nil {
		return lint.Findings{finding(file, m.lines.series, RuleVersionSeries, missingSeries(m, opts.Version))}
	}
	line := m.line(slices.IndexFunc(m.ReleaseSeries, func(x Series) bool { return x == *s }))
	found := supported(file, line, opts.Version, *s)
	if len(opts.CRDContracts) > 0 && IsContract(s.Contract) && !slices.Contains(opts.CRDContracts, s.Contract) {
		found = append(found, finding(file, line, RuleCRDContract, fmt.Sprintf(
			"series %s declares contract %s but the provider's CRDs are labelled cluster.x-k8s.io/%s: clusterctl installs by the declared contract and Cluster API then looks for the label; make the contract and the CRD labels agree",
			s, s.Contract, strings.Join(opts.CRDContracts, ", cluster.x-k8s.io/"))))
	}
	return found
}

func missingSeries(m *Metadata, version string) string {
	var have []string
	for _, s := range m.ReleaseSeries {
		have = append(have, s.String())
	}
	return fmt.Sprintf("version %s for the provider does not match any release series (available: [%s]): clusterctl init, generate provider and upgrade plan fail with this message for every user; run capirepo metadata add-series --version %s --contract <c> (v1beta1 or v1beta2)",
		version, strings.Join(have, ", "), version)
}

// supported reports a contract for this release that clusterctl does not install.
func supported(file string, line int, version string, s Series) lint.Findings {
	switch s.Contract {
	case "v1beta1":
		return nil
	case "v1beta2":
		return lint.Findings{finding(file, line, RuleContractV1beta2, fmt.Sprintf(
			"%s declares contract v1beta2: clusterctl ≤v1.10 refuses to install it and resolves latest to the newest v1beta1 series instead; users need clusterctl v1.11+ with a v1beta2 core", version))}
	}
	if !IsContract(s.Contract) {
		return nil // reported by metadata-contract
	}
	return lint.Findings{finding(file, line, RuleContractSupport, fmt.Sprintf(
		"%s declares contract %s: clusterctl v1.0+ installs only v1beta1 (≤v1.10) or v1beta1/v1beta2 (v1.11+) providers; declare the contract the release implements", version, s.Contract))}
}

// cumulative reports earlier published versions whose series is missing, one finding per series.
func cumulative(file string, m *Metadata, opts CheckOptions) lint.Findings {
	current, _ := parseVersion(opts.Version)
	missing := map[string][]string{}
	var order []string
	for _, p := range opts.Published {
		v, err := parseVersion(p)
		if err != nil || (current != nil && !v.LessThan(current)) || m.series(int64(v.Major()), int64(v.Minor())) != nil {
			continue
		}
		name := seriesName(int64(v.Major()), int64(v.Minor()))
		if missing[name] == nil {
			order = append(order, name)
		}
		missing[name] = append(missing[name], p)
	}
	var out lint.Findings
	for _, name := range order {
		out = append(out, finding(file, m.lines.series, RuleCumulative, notCumulative(name, missing[name])))
	}
	return out
}

func notCumulative(series string, versions []string) string {
	slices.SortFunc(versions, func(a, b string) int { return semver.MustParse(a).Compare(semver.MustParse(b)) })
	return fmt.Sprintf("no series %s, yet %s were released: clusterctl upgrade plan reads the newest metadata.yaml and fails with \"version %s (the current version) … does not match any release series\" for every user running them; add it back with capirepo metadata add-series --version %s --contract <the contract that series declared>",
		series, strings.Join(versions, ", "), versions[len(versions)-1], versions[0])
}
