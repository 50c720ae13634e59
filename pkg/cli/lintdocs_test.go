package cli

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestSeedTableNamesRules: every rule id the seed-requirements table of
// docs/commands/lint.md names exists (a trailing * or (-suffix) is a family), and
// every rule appears somewhere on the page.
func TestSeedTableNamesRules(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../docs/commands/lint.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	_, table, ok := strings.Cut(page, "## Seed requirements and their rules")
	if !ok {
		t.Fatal("docs/commands/lint.md has no seed requirements table")
	}
	var ids []string
	for _, r := range allRules() {
		ids = append(ids, r.ID)
		if !strings.Contains(page, "`"+r.ID+"`") && !strings.Contains(page, "`"+r.ID+"(") && !documentedAsFamily(page, r.ID) {
			t.Errorf("rule %s is not on docs/commands/lint.md", r.ID)
		}
	}
	for _, m := range regexp.MustCompile("`((?:repo|metadata|components|crd|contract|webhook|runtime|template|clusterclass|vars)-[a-z0-9*()-]*)`").FindAllStringSubmatch(table, -1) {
		if !matchesSome(m[1], ids) {
			t.Errorf("the seed table names %s, which is no rule", m[1])
		}
	}
}

// documentedAsFamily: the page names a family (`vars-*`) the rule belongs to.
func documentedAsFamily(page, id string) bool {
	for _, m := range regexp.MustCompile("`([a-z-]+)\\*`").FindAllStringSubmatch(page, -1) {
		if strings.HasPrefix(id, m[1]) {
			return true
		}
	}
	return false
}

func matchesSome(pattern string, ids []string) bool {
	base, _, _ := strings.Cut(pattern, "(")
	family := strings.HasSuffix(base, "*")
	base = strings.TrimSuffix(base, "*")
	for _, id := range ids {
		if id == base || family && strings.HasPrefix(id, base) {
			return true
		}
	}
	return false
}
