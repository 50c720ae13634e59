package verify

import (
	"context"
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// upgradeFindings applies the `clusterctl upgrade plan` rule: the metadata.yaml of the
// highest version (pre-releases included) needs a series for every version present.
// versions is sorted highest first.
func upgradeFindings(label string, versions []layout.Version, mds map[string]*metadata) lint.Findings {
	if len(versions) == 0 {
		return nil
	}
	top := versions[0]
	md := mds[top.Tag]
	if md == nil {
		return lint.Findings{finding(RuleUpgradeSeries, label, top.Tag, MetadataFile,
			"the highest version has no readable metadata.yaml: `clusterctl upgrade plan` fails for every management cluster running this provider")}
	}
	var out lint.Findings
	gaps := map[string][]string{}
	var order []string
	for _, v := range versions {
		if _, ok := md.seriesFor(v.Major(), v.Minor()); ok {
			continue
		}
		key := fmt.Sprintf("%d.%d", v.Major(), v.Minor())
		if gaps[key] == nil {
			order = append(order, key)
		}
		gaps[key] = append(gaps[key], v.Tag)
	}
	for _, key := range order {
		out = append(out, finding(RuleUpgradeSeries, label, top.Tag, MetadataFile, fmt.Sprintf(
			"no releaseSeries entry for %s (versions %s): `clusterctl upgrade plan` reads this file and fails with \"does not match any release series\"; keep metadata.yaml cumulative",
			key, strings.Join(gaps[key], ", "))))
	}
	return out
}

// LatestResult is what `latest` resolves to for one clusterctl generation.
type LatestResult struct {
	Client
	Version string `json:"version,omitempty"`
	Error   string `json:"error,omitempty"`
}

func resolveLatest(ctx context.Context, src Source, clients []Client) []LatestResult {
	out := make([]LatestResult, 0, len(clients))
	for _, c := range clients {
		v, err := Latest(ctx, src, c.Contract)
		r := LatestResult{Client: c, Version: v}
		if err != nil {
			r.Error = err.Error()
		}
		out = append(out, r)
	}
	return out
}

func latestFindings(label string, results []LatestResult) lint.Findings {
	var out lint.Findings
	seen := map[string]bool{}
	for _, r := range results {
		switch {
		case r.Error != "":
			out = append(out, lint.Finding{Rule: RuleLatest, Severity: lint.Error, File: label,
				Message: fmt.Sprintf("`latest` fails for %s (contract %s): %s; every version among the five highest needs metadata.yaml", r.Name, r.Contract, r.Error)})
		case isPrerelease(r.Version):
			out = append(out, lint.Finding{Rule: RuleLatestPrerelease, Severity: lint.Warning, File: label,
				Message: fmt.Sprintf("`latest` installs pre-release %s for %s (contract %s): its series is the newest with that contract; publish a GA patch of it", r.Version, r.Name, r.Contract)})
		}
		if r.Version != "" {
			seen[r.Version] = true
		}
	}
	if len(seen) > 1 {
		var parts []string
		for _, r := range results {
			parts = append(parts, fmt.Sprintf("%s gets %s", r.Name, r.Version))
		}
		out = append(out, lint.Finding{Rule: RuleLatestDiffers, Severity: lint.Note, File: label,
			Message: "`latest` differs between clusterctl generations: " + strings.Join(parts, ", ")})
	}
	return out
}

func isPrerelease(v string) bool {
	pv, err := layout.ParseVersion(v)
	return err == nil && pv.Prerelease() != ""
}
