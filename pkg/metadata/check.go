package metadata

import (
	"fmt"
	"slices"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// CheckOptions describes the release a metadata.yaml ships with.
type CheckOptions struct {
	Version      layout.Version // the version being released; the zero Version skips the version checks
	Published    []string       // versions released earlier (tags, folders); newer ones and non-versions are ignored
	Exempt       []string       // published versions whose own metadata.yaml did not declare their series (History.Exempt)
	CRDContracts []string       // contracts X of the cluster.x-k8s.io/X labels on the provider's CRDs; empty skips that check
	Provider     string         // the provider's label ("infrastructure-aws"), named in findings about its CRDs; a flat folder shares one metadata.yaml
}

// Check verifies metadata against a release: the version's series exists and declares a
// contract clusterctl installs and the CRDs implement, every earlier published version
// still has a series (the file is cumulative; exempt versions, released before the
// provider had metadata.yaml, get a note), and every contract is a CAPI contract.
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
	if opts.Version.IsZero() {
		return nil
	}
	if !opts.Version.Valid() {
		return lint.Findings{finding(file, 0, RuleVersionSeries, fmt.Sprintf("release version %q is not a SemVer version: use vMAJOR.MINOR.PATCH", opts.Version))}
	}
	s := m.SeriesFor(opts.Version)
	if s == nil {
		return lint.Findings{finding(file, m.lines.series, RuleVersionSeries, missingSeries(m, opts.Version.String()))}
	}
	line := m.line(slices.IndexFunc(m.ReleaseSeries, func(x Series) bool { return x == *s }))
	found := supported(file, line, opts.Version.String(), m, *s)
	if len(opts.CRDContracts) > 0 && IsContract(s.Contract) && !slices.Contains(opts.CRDContracts, s.Contract) {
		found = append(found, crdContract(file, line, *s, opts))
	}
	return found
}

// crdContract: the CRD labels lack the declared contract. A v1beta2 core (cluster-api
// v1.11-v1.14) also reads cluster.x-k8s.io/v1beta1 labels (internal/contract
// GetCompatibleVersions), so that case works until v1beta1 compatibility ends: a warning.
func crdContract(file string, line int, s Series, opts CheckOptions) lint.Finding {
	labels, crds := opts.CRDContracts, "the provider's CRDs"
	if opts.Provider != "" {
		crds = "the CRDs of " + opts.Provider
	}
	if s.Contract == layout.ContractV1beta2 && slices.Contains(labels, layout.ContractV1beta1) {
		return finding(file, line, RuleCRDContractCompat, fmt.Sprintf(
			"series %s declares contract v1beta2 but %s are labelled cluster.x-k8s.io/%s: cluster-api v1.11-v1.14 (v1beta2 cores) also read the v1beta1 label, so this works today, but it stops working when Cluster API drops v1beta1 compatibility (planned for about v1.16); add cluster.x-k8s.io/v1beta2 labels to the CRDs",
			s, crds, strings.Join(labels, ", cluster.x-k8s.io/")))
	}
	return finding(file, line, RuleCRDContract, fmt.Sprintf(
		"series %s declares contract %s but %s are labelled cluster.x-k8s.io/%s: clusterctl installs by the declared contract and no Cluster API core of that contract reads these labels (a v1beta2 core reads v1beta2, else v1beta1; a v1beta1 core only v1beta1); make the contract and the CRD labels agree",
		s, s.Contract, crds, strings.Join(labels, ", cluster.x-k8s.io/")))
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
func supported(file string, line int, version string, m *Metadata, s Series) lint.Findings {
	switch s.Contract {
	case layout.ContractV1beta1:
		return nil
	case layout.ContractV1beta2:
		return lint.Findings{finding(file, line, RuleContractV1beta2, v1beta2Note(m, version))}
	}
	if !IsContract(s.Contract) {
		return nil // reported by metadata-contract
	}
	return lint.Findings{finding(file, line, RuleContractSupport, fmt.Sprintf(
		"%s declares contract %s: clusterctl v1.0+ installs only v1beta1 (≤v1.10) or v1beta1/v1beta2 (v1.11+) providers; declare the contract the release implements", version, s.Contract))}
}

// v1beta2Note says which clusterctl installs a v1beta2 release and what `latest` becomes
// for the others (clusterctl-consumer notes §1 latest resolution, §6 contract).
func v1beta2Note(m *Metadata, version string) string {
	fallback := "has no v1beta1 series, so latest fails the same way"
	if s := m.newest(layout.ContractV1beta1); s != nil {
		fallback = fmt.Sprintf("resolves latest to the newest v1beta1 series (%s) instead", s)
	}
	return fmt.Sprintf("%s declares contract v1beta2: clusterctl ≤v1.10 rejects it in init and generate provider (\"only compatible with v1beta1 providers\") and %s; clusterctl v1.11+ resolves latest to the newest v1beta2 series and installs it only with a v1beta2 core (Cluster API v1.11+)",
		version, fallback)
}

// newest returns the highest major.minor series declaring contract, or nil.
func (m *Metadata) newest(contract string) *Series {
	var best *Series
	for i, s := range m.ReleaseSeries {
		if s.Contract == contract && (best == nil || s.Major > best.Major || s.Major == best.Major && s.Minor > best.Minor) {
			best = &m.ReleaseSeries[i]
		}
	}
	return best
}
