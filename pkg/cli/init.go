package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/capirepo/capirepo/pkg/scaffold"
	"github.com/spf13/cobra"
)

type initOptions struct {
	stdout bool
	check  initCheck // --check and its flags (init_check.go)
}

func newInitCmd(io streams) *cobra.Command {
	o := &initOptions{}
	cmd := &cobra.Command{
		Use:   "init [DIR]",
		Short: "Write a capirepo.yaml for the provider repository in DIR (default: the current folder)",
		Long: `init inspects a provider repository (files only: nothing is rendered or downloaded) and
writes DIR/capirepo.yaml: the components folders (config/default or the provider's
equivalent) with each provider's type and name, the manager image and how the Makefile
pins it, metadata.yaml, flavor folders, cluster-template*.yaml and clusterclass-*.yaml
files, ClusterClass sources, loadRestrictor: none when flavors load files from outside
their folder, and the remote resources to pin. What it cannot decide it writes as a
commented line. It never overwrites a file: --stdout prints the config instead.
With --check it writes nothing: it builds the newest release tag with the proposed config
and diffs the build against that tag's published release, citing the config line behind
each difference or asking a question.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd.Context(), io, args) },
	}
	cmd.Flags().BoolVar(&o.stdout, "stdout", false, "print the config instead of writing DIR/capirepo.yaml")
	o.check.flags(cmd)
	return cmd
}

func (o *initOptions) run(ctx context.Context, io streams, args []string) error {
	dir := "."
	if len(args) == 1 {
		dir = args[0]
	}
	if o.check.enabled() {
		return o.check.run(ctx, io, dir)
	}
	target, err := scaffold.ConfigPath(dir)
	if err != nil && !o.stdout {
		return withCode(ExitConflict, err)
	}
	plan, err := scaffold.Inspect(ctx, dir)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return withCode(ExitInput, err)
	}
	data := plan.Config()
	if o.stdout {
		_, err := io.out.Write(data)
		return err
	}
	if err := scaffold.WriteConfig(ctx, target, data); err != nil {
		if errors.Is(err, os.ErrExist) {
			return withCode(ExitConflict, fmt.Errorf("%s already exists: init never overwrites a file", target))
		}
		return withCode(ExitPublish, err)
	}
	fmt.Fprintf(io.out, "wrote %s (%d provider(s)); review its commented lines, then run capirepo build --config %s --version vX.Y.Z\n", target, len(plan.Providers), target)
	return nil
}
