package lint

import (
	"strings"
	"testing"
)

func TestRulesDisabled(t *testing.T) {
	t.Parallel()
	rs := Rules{{ID: "a", Severity: Error}, {ID: "b", Severity: Warning}}
	got, err := rs.Disabled(DisableSource{"cfg: lint.disable", []string{"a"}}, DisableSource{"--disable", []string{"b", "a:my-crd"}})
	if err != nil || !got["a"] || !got["b"] || !got["a:my-crd"] || len(got) != 3 {
		t.Fatalf("Disabled = %v, %v; want a, b and a:my-crd", got, err)
	}
	_, err = rs.Disabled(DisableSource{"--disable", []string{"a", "nope:x"}})
	if err == nil || !strings.Contains(err.Error(), `--disable: unknown rule id "nope:x"`) {
		t.Fatalf("Disabled = %v; want the unknown id named with its source", err)
	}
}

func TestRulesWrite(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	if err := (Rules{{ID: "a", Severity: Error, Contract: "MUST x"}}).Write(&b); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.HasPrefix(got, "a ") || !strings.HasSuffix(got, " MUST x\n") || !strings.Contains(got, string(Error)) {
		t.Errorf("Write = %q", got)
	}
}
