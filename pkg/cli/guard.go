package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// guard prepares every command of the tree for exit codes: a command group run
// without a known subcommand is a usage error, and every command refuses to start
// once the context is cancelled. The returned flag tells whether a command's own
// RunE ran, so errors cobra raises before it (unknown flag or command, argument
// count, required flags) become usage errors.
func guard(root *cobra.Command) *bool {
	ran := new(bool)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.RunE == nil && c.Run == nil && c.HasSubCommands() && c.HasParent() {
			c.RunE = groupRunE
		}
		if c.RunE != nil {
			c.RunE = marked(ran, c.RunE)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return ran
}

// marked wraps a RunE: it records that a command ran and stops if already interrupted.
func marked(ran *bool, run func(*cobra.Command, []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		*ran = true
		if err := cmd.Context().Err(); err != nil {
			return err
		}
		return run(cmd, args)
	}
}

// groupRunE refuses a command group run with an unknown subcommand or none.
func groupRunE(cmd *cobra.Command, args []string) error {
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	want := strings.Join(names, ", ")
	if len(args) == 0 {
		return cmdLineErr{fmt.Errorf("%s needs a subcommand: %s", cmd.CommandPath(), want)}
	}
	return cmdLineErr{fmt.Errorf("unknown command %q for %q: want %s", args[0], cmd.CommandPath(), want)}
}

// cmdLineErr is a command line cobra would refuse; Run adds the --help hint.
type cmdLineErr struct{ error }

func (e cmdLineErr) Unwrap() error { return e.error }

func isCmdLine(err error) bool {
	var c cmdLineErr
	return errors.As(err, &c)
}
