// Package cli is capirepo's command line: one file per command, each an options struct
// plus a run function. It is the only composition root: it maps flags and config to
// concrete backends, prints, and turns errors into exit codes.
package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/httpx"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/spf13/cobra"
)

// Version is set at link time (-X) by goreleaser and the GitHub Action; when it is
// not, the version comes from the binary's build information (streams.capirepo).
var Version string

// Run runs the command line with an explicit environment (see Env) and returns the
// process exit code. Tests call it with their own variables and run in parallel.
func Run(ctx context.Context, args []string, env Env) int {
	if ctx == nil {
		ctx = context.Background()
	}
	io := env.streams()
	ctx = httpx.Run(ctx) // one set of remote caps for the run (docs/remote-calls.md)
	ctx = fsx.WithWaitNotice(ctx, func(line string) { io.logf("%s", line) })
	root := newRoot(io)
	ran := guard(root)
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return ExitOK
	}
	if cmd == nil {
		cmd = root
	}
	if !*ran || isCmdLine(err) {
		// cobra refused the command line before any command ran
		err = usageErr(fmt.Errorf("%w (see %s --help)", err, cmd.CommandPath()))
	}
	code := exitCode(err)
	if errors.Is(ctx.Err(), context.Canceled) {
		code = ExitInterrupted // the failure follows an interrupt, whatever the error kept
	}
	if msg := err.Error(); msg != "" && !isSilent(err) {
		fmt.Fprintln(io.err, "error: "+lint.Terminal(httpx.StripCredentials(msg))) // remote text in it is escaped
	}
	return code
}

func newRoot(io streams) *cobra.Command {
	root := &cobra.Command{
		Use:           "capirepo",
		Short:         "Build, lint, publish and mirror clusterctl provider repositories",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       io.capirepo().Version,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageErr(err) })
	root.AddCommand(newBuildCmd(io), newInitCmd(io), newDiffCmd(io), newLintCmd(io), newVarsCmd(io), newMetadataCmd(io), newPublishCmd(io), newVerifyCmd(io), newMirrorCmd(io), newImagesCmd(io), newConfigCmd(io), newVersionCmd(io))
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	root.SetHelpCommand(newHelpCmd())
	root.InitDefaultCompletionCmd() // completion bash|zsh|fish|powershell, in the tree now so guard sees it
	addRenames(root, io.err)
	addExamples(root)
	linkDocs(root)
	return root
}

// newHelpCmd is cobra's help command, except that an unknown topic is a usage error.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "help [command]",
		Short:   "Help about any command",
		Example: "  " + examples()["help"],
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := c.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return cmdLineErr{fmt.Errorf("unknown help topic %q", strings.Join(args, " "))}
			}
			return cmd.Help()
		},
	}
}
