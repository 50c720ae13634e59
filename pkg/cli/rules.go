package cli

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/install"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/sign"
	"github.com/capirepo/capirepo/pkg/upgrade"
	"github.com/capirepo/capirepo/pkg/verify"
)

// allRules is the rule registry: every rule capirepo reports, for --list-rules,
// SARIF and --disable. It is assembled here, at the top, from each reporting
// package's own list: the release rules of pkg/check (variables, contract,
// metadata), the repository rules of pkg/verify, sign's signature rule and the
// upgrade rules of pkg/upgrade.
func allRules() lint.Rules {
	rules := check.Rules()
	rules = append(rules, verify.Rules()...)
	rules = append(rules, sign.Rules()...)
	rules = append(rules, install.Rules()...)
	return append(rules, upgrade.Rules()...)
}

// disabledRules merges the config's lint.disable and --disable (lint.Rules.Disabled);
// an unknown rule id is a usage error.
func disabledRules(cfgFile string, fromConfig, fromFlag []string) (map[string]bool, error) {
	skip, err := allRules().Disabled(lint.DisableSource{Where: cfgFile + ": lint.disable", IDs: fromConfig},
		lint.DisableSource{Where: "--disable", IDs: fromFlag})
	if err != nil {
		return nil, usageErr(err)
	}
	return skip, nil
}

// ruleLine is one rule of lint --list-rules -o json.
type ruleLine struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
	Contract string `json:"contract"`
}

// listRules prints every rule: as text, or as a JSON list (-o json).
func listRules(io streams, format string) error {
	switch format {
	case "", "text":
		return allRules().Write(io.out)
	case "json":
		out := []ruleLine{}
		for _, r := range allRules() {
			out = append(out, ruleLine{ID: r.ID, Severity: string(r.Severity), Contract: r.Contract})
		}
		return writeJSON(io, out)
	}
	return usageErr(fmt.Errorf("--list-rules prints -o text or -o json, not %s", format))
}
