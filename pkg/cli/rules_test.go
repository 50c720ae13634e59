package cli

import (
	"encoding/json"
	"testing"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/install"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/upgrade"
	"github.com/capirepo/capirepo/pkg/verify"
)

// allRules lists the build and lint rules first, then verify's, sign's and the upgrade
// rules, each once.
func TestAllRulesJoinsCheckVerifyAndSign(t *testing.T) {
	t.Parallel()
	var want []string
	for _, r := range append(append(append(append(check.Rules(), verify.Rules()...), sign.Rules()...), install.Rules()...), upgrade.Rules()...) {
		want = append(want, r.ID)
	}
	got := allRules()
	if len(got) != len(want) || len(verify.Rules()) == 0 || len(sign.Rules()) == 0 || len(upgrade.Rules()) == 0 {
		t.Fatalf("allRules has %d rules, want %d (verify has %d, sign %d)", len(got), len(want), len(verify.Rules()), len(sign.Rules()))
	}
	seen := map[string]bool{}
	for i, r := range got {
		if r.ID != want[i] {
			t.Errorf("allRules[%d] = %s, want %s", i, r.ID, want[i])
		}
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
	}
}

// TestListRulesJSON: lint --list-rules -o json is a JSON list of every rule (id,
// severity, contract), as many as the text lists; other formats are a usage error.
func TestListRulesJSON(t *testing.T) {
	t.Parallel()
	code, out, errOut := runEnv(t, nil, "lint", "--list-rules", "-o", "json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rules []struct{ ID, Severity, Contract string }
	if err := json.Unmarshal([]byte(out), &rules); err != nil {
		t.Fatalf("not a JSON list: %v\n%s", err, out)
	}
	if len(rules) != len(allRules()) {
		t.Fatalf("%d rules, want %d", len(rules), len(allRules()))
	}
	for _, r := range rules {
		if r.ID == "" || r.Contract == "" || (r.Severity != "error" && r.Severity != "warning" && r.Severity != "note") {
			t.Errorf("incomplete rule %+v", r)
		}
	}
	if code, _, _ := runEnv(t, nil, "lint", "--list-rules", "-o", "sarif"); code != ExitUsage {
		t.Errorf("--list-rules -o sarif: exit %d, want 2", code)
	}
}
