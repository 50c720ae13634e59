package check

import (
	"testing"

	"github.com/capirepo/capirepo/pkg/upgrade"
	"github.com/capirepo/capirepo/pkg/verify"
)

// AllRules lists the build and lint rules first, then verify's, then the upgrade
// rules, each once.
func TestAllRulesJoinsCheckAndVerify(t *testing.T) {
	t.Parallel()
	var want []string
	for _, r := range append(append(Rules(), verify.Rules()...), upgrade.Rules()...) {
		want = append(want, r.ID)
	}
	got := AllRules()
	if len(got) != len(want) || len(verify.Rules()) == 0 {
		t.Fatalf("AllRules has %d rules, want %d (verify has %d)", len(got), len(want), len(verify.Rules()))
	}
	seen := map[string]bool{}
	for i, r := range got {
		if r.ID != want[i] {
			t.Errorf("AllRules[%d] = %s, want %s", i, r.ID, want[i])
		}
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
	}
}
