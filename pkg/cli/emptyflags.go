package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

// refuseEmpty makes an explicitly empty value of any of the flags names a usage
// error, checked before the command runs: `--verify-key "$COSIGN_PUB"` with the
// variable unset must never turn a check (or signing) off.
func refuseEmpty(cmd *cobra.Command, names ...string) {
	prev := cmd.PreRunE
	cmd.PreRunE = func(c *cobra.Command, args []string) error {
		for _, n := range names {
			if f := c.Flags().Lookup(n); f != nil && f.Changed && f.Value.String() == "" {
				return usageErr(fmt.Errorf("--%s \"\": an empty value (an unset variable?); give the %s, or leave the flag out", n, emptyWhat(n)))
			}
		}
		if prev != nil {
			return prev(c, args)
		}
		return nil
	}
}

// emptyWhat is what a flag of refuseEmpty wants, for its message.
func emptyWhat(name string) string {
	switch name {
	case "verify-key":
		return "public key file"
	case "sign-key":
		return "private key file"
	case "trusted-root":
		return "trusted root file"
	}
	return "value"
}
