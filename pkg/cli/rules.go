package cli

import (
	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/verify"
)

// allRules is every rule capirepo reports: build and lint rules (check) and the
// repository rules of verify.
func allRules() lint.Rules { return append(check.Rules(), verify.Rules()...) }

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
