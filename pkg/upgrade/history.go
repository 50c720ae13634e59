package upgrade

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/lint"
)

// Step is one release checked against the releases a cluster may run before it.
type Step struct {
	Next     *inventory.Release
	From     []*inventory.Release // oldest first
	Findings lint.Findings
}

// History checks every release of one provider against its predecessors (verify: each
// published version), oldest first; the oldest release has no step.
func History(releases []*inventory.Release) []Step {
	all := append([]*inventory.Release(nil), releases...)
	sortReleases(all)
	var out []Step
	for _, r := range all {
		if from := Sources(r, all); len(from) > 0 {
			out = append(out, Step{Next: r, From: from, Findings: Check(r, from)})
		}
	}
	return out
}

// sortReleases orders releases oldest first by version; releases without a version
// keep their order.
func sortReleases(rs []*inventory.Release) {
	sort.SliceStable(rs, func(i, j int) bool {
		vi, oki := version(rs[i])
		vj, okj := version(rs[j])
		return oki && okj && vi.LessThan(vj)
	})
}

// span names the releases of from that pick selects, runs of three or more
// consecutive ones shortened: "v0.7.0 … v0.7.3 (4 releases), v0.9.1".
func span(from []*inventory.Release, pick func(*inventory.Release) bool) string {
	var parts []string
	for i := 0; i < len(from); i++ {
		if !pick(from[i]) {
			continue
		}
		j := i
		for j+1 < len(from) && pick(from[j+1]) {
			j++
		}
		switch {
		case j-i >= 2:
			parts = append(parts, fmt.Sprintf("%s … %s (%d releases)", name(from[i]), name(from[j]), j-i+1))
		case j > i:
			parts = append(parts, name(from[i]), name(from[j]))
		default:
			parts = append(parts, name(from[i]))
		}
		i = j
	}
	return strings.Join(parts, ", ")
}

// Summary says what a step checked: "infrastructure-acme v0.3.0: checked against the
// 2 earlier releases v0.1.0, v0.2.0", or that there was none.
func (s Step) Summary() string {
	id := strings.TrimSpace(s.Next.Label + " " + name(s.Next))
	if len(s.From) == 0 {
		return id + ": no earlier release to upgrade from, nothing to check"
	}
	all := func(*inventory.Release) bool { return true }
	return fmt.Sprintf("%s: checked against the %d earlier release(s) a cluster may upgrade from: %s", id, len(s.From), span(s.From, all))
}
