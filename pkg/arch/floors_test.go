package arch

import "testing"

// longestChain is the longest chain of project imports between the module's
// non-test packages (testsupport, e2e and arch aside), in floors counted from 1,
// and that chain from its top.
func (m *module) longestChain() (int, []string) {
	var paths []string
	for _, p := range m.sorted() {
		paths = append(paths, p.path)
	}
	return chainOf(m.edges(), paths)
}

// chainOf finds the longest import chain of a graph (an acyclic one: Go's).
func chainOf(edges []edge, paths []string) (int, []string) {
	deps := map[string][]string{}
	for _, e := range edges {
		if counted(e.from) && counted(e.to) && e.from != e.to && !contains(deps[e.from], e.to) {
			deps[e.from] = append(deps[e.from], e.to)
		}
	}
	memo := map[string][]string{}
	var chain func(p string) []string
	chain = func(p string) []string {
		if c, ok := memo[p]; ok {
			return c
		}
		best := []string{p}
		for _, d := range deps[p] {
			if c := chain(d); len(c)+1 > len(best) {
				best = append([]string{p}, c...)
			}
		}
		memo[p] = best
		return best
	}
	var top []string
	for _, p := range paths {
		if c := chain(p); counted(p) && len(c) > len(top) {
			top = c
		}
	}
	return len(top), top
}

func counted(p string) bool {
	return !hasPrefix([]string{"pkg/testsupport/", "pkg/e2e", "pkg/arch"}, p)
}

// The chain finder on a small graph: a -> b -> c and a -> c is three floors; what
// testsupport imports does not count.
func TestLongestChainChecker(t *testing.T) {
	edges := []edge{{"a", "b", ""}, {"b", "c", ""}, {"a", "c", ""}, {"pkg/testsupport/x", "a", ""}}
	got, chain := chainOf(edges, []string{"a", "b", "c", "pkg/testsupport/x"})
	if got != 3 || len(chain) != 3 || chain[0] != "a" || chain[2] != "c" {
		t.Errorf("longest chain = %d %v, want 3 [a b c]", got, chain)
	}
}
