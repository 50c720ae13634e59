package cli

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/capirepo/capirepo/pkg/layout"
)

// versionValue is a --version flag: Set parses the value (layout.ParseVersion), the
// one parse of a release version in a run, and the command carries it typed from
// there. An invalid version is a bad command line (cobra's flag error, exit 2) in
// every command that takes one (build, lint, vars, metadata check and add-series;
// mirror's NAME:VERSION picks are checked with the same rule and code).
type versionValue struct{ v *layout.Version }

// versionFlag adds the --version flag that sets *v.
func versionFlag(cmd *cobra.Command, v *layout.Version, usage string) {
	cmd.Flags().Var(versionValue{v}, "version", usage)
}

func (f versionValue) Set(s string) error {
	if s == "" {
		return errors.New("--version is empty: want v<MAJOR>.<MINOR>.<PATCH>, e.g. v1.2.3")
	}
	v, err := layout.ParseVersion(s)
	if err != nil {
		return err
	}
	*f.v = v
	return nil
}

func (f versionValue) String() string {
	if f.v == nil {
		return ""
	}
	return f.v.String()
}

// Type names the value in the help ("--version version") and marks the flag for
// TestInvalidVersionIsAUsageError.
func (f versionValue) Type() string { return "version" }
