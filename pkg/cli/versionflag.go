package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/capirepo/capirepo/pkg/layout"
)

// versionFlag checks a command's --version value before the command runs: an
// invalid version is a bad command line (exit 2) in every command that takes one
// (build, lint, vars, metadata check and add-series; mirror's NAME:VERSION picks
// are checked with the same rule and code).
func versionFlag(cmd *cobra.Command) error {
	f := cmd.Flags().Lookup("version")
	if f == nil || f.Value.Type() != "string" || !f.Changed {
		return nil
	}
	if f.Value.String() == "" {
		return usageErr(fmt.Errorf("--version is empty: want v<MAJOR>.<MINOR>.<PATCH>, e.g. v1.2.3"))
	}
	if _, err := layout.ParseVersion(f.Value.String()); err != nil {
		return usageErr(fmt.Errorf("--version: %w", err))
	}
	return nil
}
