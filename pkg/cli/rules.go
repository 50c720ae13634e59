package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/verify"
)

// allRules is every rule capirepo reports: build and lint rules (check) and the
// repository rules of verify.
func allRules() []lint.Rule { return append(check.Rules(), verify.Rules()...) }

// disabledRules merges the config's lint.disable and --disable; an unknown rule id
// is a usage error naming where it came from. "<rule id>:<object name>" disables a
// rule for one object (lint.Findings.Without).
func disabledRules(cfgFile string, fromConfig, fromFlag []string) (map[string]bool, error) {
	known := map[string]bool{}
	for _, r := range allRules() {
		known[r.ID] = true
	}
	out := map[string]bool{}
	for _, src := range []struct {
		where string
		ids   []string
	}{{cfgFile + ": lint.disable", fromConfig}, {"--disable", fromFlag}} {
		for _, id := range src.ids {
			if rule, _, _ := strings.Cut(id, ":"); !known[rule] {
				return nil, usageErr(fmt.Errorf("%s: unknown rule id %q: run capirepo lint --list-rules for the ids", src.where, id))
			}
			out[id] = true
		}
	}
	return out, nil
}

// writeRules prints every rule with id, severity and the contract sentence.
func writeRules(w io.Writer) error {
	for _, r := range allRules() {
		if _, err := fmt.Fprintf(w, "%-40s %-8s %s\n", r.ID, r.Severity, r.Contract); err != nil {
			return err
		}
	}
	return nil
}
