package verify

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/repository"
)

// LatestResult is what `latest` resolves to for one clusterctl generation. Targeted
// says whether the provider's releases declare a contract this generation accepts.
type LatestResult struct {
	Client
	Version  string `json:"version,omitempty"`
	Error    string `json:"error,omitempty"`
	Targeted bool   `json:"targeted"`
}

// accepts reports whether a clusterctl generation installs providers of contract:
// ≤v1.10 only v1beta1, v1.11+ v1beta1 and v1beta2.
func accepts(c Client, contract string) bool {
	return contract == c.Contract || (c.Contract == layout.ContractV1beta2 && contract == layout.ContractV1beta1)
}

// contracts lists the contracts the releases declare for their own series, sorted.
func contracts(versions []layout.Version, mds map[string]*metadata.Metadata) []string {
	seen := map[string]bool{}
	for _, v := range versions {
		if s := seriesOf(mds[v.String()], v); s != nil && s.Contract != "" {
			seen[s.Contract] = true
		}
	}
	out := make([]string, 0, len(seen))
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// resolveLatest resolves `latest` for every generation; a generation is targeted when
// it accepts one of the releases' contracts (every generation when none is known).
func resolveLatest(ctx context.Context, r repository.Repository, clients []Client, targets []string) []LatestResult {
	out := make([]LatestResult, 0, len(clients))
	for _, c := range clients {
		v, err := Latest(ctx, r, c.Contract)
		r := LatestResult{Client: c, Version: v, Targeted: len(targets) == 0}
		for _, t := range targets {
			r.Targeted = r.Targeted || accepts(c, t)
		}
		if err != nil {
			r.Error = err.Error()
		}
		out = append(out, r)
	}
	return out
}

// usableBy names the targeted generations whose `latest` resolves.
func usableBy(results []LatestResult) []string {
	var out []string
	for _, r := range results {
		if r.Targeted && r.Error == "" {
			out = append(out, r.Name)
		}
	}
	return out
}

// latestFindings: a failing `latest` is an error only when no targeted generation
// resolves it; a targeted generation failing beside one that works is a warning, and a
// generation the releases do not target is told as a note.
func latestFindings(label string, results []LatestResult, targets []string) lint.Findings {
	var out lint.Findings
	usable := len(usableBy(results)) > 0
	for _, r := range results {
		switch {
		case r.Error != "" && !r.Targeted:
			out = append(out, lint.Finding{Rule: RuleLatestOtherContract, Severity: lint.Note, File: label,
				Message: fmt.Sprintf("%s cannot use this provider: its releases declare contract %s, which %s does not accept (`latest`: %s)",
					r.Name, strings.Join(targets, ", "), r.Name, r.Error)})
		case r.Error != "":
			sev := lint.Error
			if usable {
				sev = lint.Warning
			}
			out = append(out, lint.Finding{Rule: RuleLatest, Severity: sev, File: label,
				Message: fmt.Sprintf("`latest` fails for %s (contract %s): %s", r.Name, r.Contract, r.Error)})
		case isPrerelease(r.Version):
			out = append(out, lint.Finding{Rule: RuleLatestPrerelease, Severity: lint.Warning, File: label,
				Message: fmt.Sprintf("`latest` installs pre-release %s for %s (contract %s): its series is the newest with that contract; publish a GA patch of it", r.Version, r.Name, r.Contract)})
		}
	}
	return append(out, differs(label, results)...)
}

// differs notes generations that resolve `latest` to different versions.
func differs(label string, results []LatestResult) lint.Findings {
	seen := map[string]bool{}
	var parts []string
	for _, r := range results {
		if r.Version != "" {
			seen[r.Version] = true
			parts = append(parts, fmt.Sprintf("%s gets %s", r.Name, r.Version))
		}
	}
	if len(seen) < 2 {
		return nil
	}
	return lint.Findings{{Rule: RuleLatestDiffers, Severity: lint.Note, File: label,
		Message: "`latest` differs between clusterctl generations: " + strings.Join(parts, ", ")}}
}

func isPrerelease(v string) bool {
	pv, err := layout.ParseVersion(v)
	return err == nil && pv.Prerelease() != ""
}
