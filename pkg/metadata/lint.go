package metadata

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/lint"
)

// Lint checks metadata.yaml on its own (no release version): everything Parse rejects,
// plus what some clusterctl releases reject or silently ignore, contract strings,
// duplicate and unordered series. Findings are sorted.
func Lint(file string, data []byte) lint.Findings {
	m, found := decode(file, data)
	if m != nil {
		found = append(found, contracts(file, m)...)
		found = append(found, duplicates(file, m)...)
		found = append(found, order(file, m)...)
	}
	found.Sort()
	return found
}

// contracts reports series whose contract is not a Cluster API contract version.
func contracts(file string, m *Metadata) lint.Findings {
	var out lint.Findings
	for i, s := range m.ReleaseSeries {
		if IsContract(s.Contract) {
			continue
		}
		msg := fmt.Sprintf("series %s has no contract: clusterctl cannot install its versions; add contract: v1beta1 (or the contract its CRDs implement)", s)
		if s.Contract != "" {
			msg = fmt.Sprintf("series %s declares contract %q, which is not a Cluster API contract version: use one of %s", s, s.Contract, strings.Join(Contracts(), ", "))
		}
		out = append(out, finding(file, m.line(i), RuleContract, msg))
	}
	return out
}

// duplicates reports a major.minor listed twice: clusterctl only ever sees the first,
// so a repeat with another contract loses that contract (an error); an identical
// repeat loses nothing (a warning).
func duplicates(file string, m *Metadata) lint.Findings {
	var out lint.Findings
	first := map[string]int{}
	for i, s := range m.ReleaseSeries {
		j, dup := first[s.String()]
		if !dup {
			first[s.String()] = i
			continue
		}
		if s.Contract != m.ReleaseSeries[j].Contract {
			out = append(out, finding(file, m.line(i), RuleSeriesDuplicate, fmt.Sprintf("series %s is listed again with contract %q (first at line %d with %q): clusterctl uses only the first; keep one entry with the right contract", s, s.Contract, m.line(j), m.ReleaseSeries[j].Contract)))
			continue
		}
		f := finding(file, m.line(i), RuleSeriesDuplicate, fmt.Sprintf("series %s is listed again (first at line %d): clusterctl uses only the first entry; remove this one (warning, not error: both entries declare contract %q, so nothing is lost)", s, m.line(j), s.Contract))
		f.Severity = lint.Warning
		out = append(out, f)
	}
	return out
}

// order notes a file whose series are neither ascending nor descending.
func order(file string, m *Metadata) lint.Findings {
	up, down := 0, 0
	for i := 1; i < len(m.ReleaseSeries); i++ {
		switch c := compare(m.ReleaseSeries[i-1], m.ReleaseSeries[i]); {
		case c < 0:
			up++
		case c > 0:
			down++
		}
	}
	if up == 0 || down == 0 {
		return nil
	}
	return lint.Findings{finding(file, m.lines.series, RuleSeriesOrder,
		"releaseSeries is neither in ascending nor in descending major.minor order: sort it so a missing series is easy to spot (clusterctl does not care)")}
}

// compare orders series by major, then minor.
func compare(a, b Series) int {
	if a.Major != b.Major {
		return int(a.Major) - int(b.Major)
	}
	return int(a.Minor) - int(b.Minor)
}
