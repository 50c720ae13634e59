package cli

import (
	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/lint"
)

// disabledRules merges the config's lint.disable and --disable (lint.Rules.Disabled);
// an unknown rule id is a usage error.
func disabledRules(cfgFile string, fromConfig, fromFlag []string) (map[string]bool, error) {
	skip, err := check.AllRules().Disabled(lint.DisableSource{Where: cfgFile + ": lint.disable", IDs: fromConfig},
		lint.DisableSource{Where: "--disable", IDs: fromFlag})
	if err != nil {
		return nil, usageErr(err)
	}
	return skip, nil
}
