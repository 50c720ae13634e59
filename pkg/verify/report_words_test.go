package verify

import (
	"strings"
	"testing"

	"github.com/capirepo/capirepo/pkg/layout"
)

// TestReportTextUsesFindingSeverity: a generation whose `latest` fails is printed with
// the severity of its finding (note: not targeted; warning: another resolves it;
// error: none does), never "ERROR:" in a report that passes.
func TestReportTextUsesFindingSeverity(t *testing.T) {
	t.Parallel()
	old := Client{Name: "clusterctl v1.7-v1.10", Contract: layout.ContractV1beta1}
	cur := Client{Name: "clusterctl v1.11+", Contract: layout.ContractV1beta2}
	cases := map[string]struct {
		latest []LatestResult
		usable []string
		want   string
	}{
		"note":    {[]LatestResult{{Client: old, Error: "no v1beta1 release"}, {Client: cur, Version: "v2.0.0", Targeted: true}}, []string{cur.Name}, "(contract v1beta1): note: no v1beta1 release"},
		"warning": {[]LatestResult{{Client: old, Error: "broken", Targeted: true}, {Client: cur, Version: "v2.0.0", Targeted: true}}, []string{cur.Name}, "(contract v1beta1): warning: broken"},
		"error":   {[]LatestResult{{Client: old, Error: "broken", Targeted: true}}, nil, "(contract v1beta1): error: broken"},
	}
	for name, c := range cases {
		var b strings.Builder
		if err := (&Report{Label: "infrastructure-x", ComponentsFile: "c.yaml", Latest: c.latest, UsableBy: c.usable}).WriteText(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) || strings.Contains(b.String(), "ERROR") {
			t.Errorf("%s: want %q:\n%s", name, c.want, b.String())
		}
		fs := latestFindings("infrastructure-x", c.latest, []string{layout.ContractV1beta2})
		if name != "error" && fs.HasErrors() {
			t.Errorf("%s: the findings have errors: %v", name, fs)
		}
	}
}
