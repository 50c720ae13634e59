// Package cli is capirepo's command line: one file per command, each an options struct
// plus a run function. It is the only composition root: it maps flags and config to
// concrete backends, prints, and turns errors into exit codes.
package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// Version is set at link time by goreleaser (-X).
var Version = "dev"

// streams are the command's output and log writers.
type streams struct {
	out, err io.Writer
}

func (s streams) logf(format string, args ...any) { fmt.Fprintf(s.err, format+"\n", args...) }

// Execute runs the command line and returns the process exit code.
func Execute(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	io := streams{out: stdout, err: stderr}
	root := newRoot(io)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	code := exitCode(err)
	if msg := err.Error(); msg != "" && !isSilent(err) {
		fmt.Fprintln(stderr, "error: "+msg)
	}
	return code
}

func newRoot(io streams) *cobra.Command {
	root := &cobra.Command{
		Use:           "capirepo",
		Short:         "Build, lint, publish and mirror clusterctl provider repositories",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       Version,
	}
	root.CompletionOptions.HiddenDefaultCmd = true
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageErr(err) })
	root.AddCommand(newBuildCmd(io), newLintCmd(io), newVarsCmd(io), newMetadataCmd(io), newPublishCmd(io), newVerifyCmd(io), newMirrorCmd(io), newVersionCmd(io))
	return root
}

func newVersionCmd(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print capirepo's version",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			fmt.Fprintln(io.out, Version)
			return nil
		},
	}
}
