package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/scaffold"
	"github.com/spf13/cobra"
)

type initOptions struct {
	stdout, dryRun bool
	check          initCheck // --check and its flags, -o (init_check.go)
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
commented line. Every value it writes names in a comment the file and line it comes
from; where evidence disagrees, or a value is a default rather than what the release
path says, it writes its best value, marks it "# QUESTION:" and lists it on stderr, and
exits 10. It never overwrites a file: --stdout prints the config instead.
With --check it writes nothing: it builds the newest release tag with the proposed config
and diffs the build against that tag's published release, citing the config line behind
each difference or asking a question.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd.Context(), io, args) },
	}
	cmd.Flags().BoolVar(&o.stdout, "stdout", false, "print the config instead of writing DIR/capirepo.yaml")
	cmd.Flags().BoolVar(&o.dryRun, "dry-run", false, "inspect and ask as init does, write nothing: say which file would be written (exit codes as a real run)")
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
	if err := checkOutput(o.check.format, reportFormats()); err != nil {
		return err
	}
	target, err := scaffold.ConfigPath(dir)
	if err != nil && !o.stdout {
		return withCode(ExitConflict, err)
	}
	plan, err := o.check.propose(ctx, io, dir)
	if err != nil {
		return err
	}
	data, questions := plan.Render()
	rep := newInitReport(target, data, len(plan.Providers), questions)
	switch {
	case o.stdout:
		rep.Config, rep.Action = "", "printed"
		if o.check.format == "text" {
			if _, err := io.out.Write(data); err != nil {
				return err
			}
		}
		return o.report(io, rep, "line", questions)
	case o.dryRun:
		rep.Action = publish.Planned
		if o.check.format == "text" {
			fmt.Fprintf(io.out, "would write %s (%d provider(s)); %s; dry run: nothing was written (capirepo init --stdout prints it)\n", target, len(plan.Providers), plan.Checked)
		}
		return o.report(io, rep, target, questions)
	}
	if err := scaffold.WriteConfig(ctx, target, data); err != nil {
		if errors.Is(err, os.ErrExist) {
			return withCode(ExitConflict, fmt.Errorf("%s already exists: init never overwrites a file", target))
		}
		return withCode(ExitPublish, err)
	}
	if o.check.format == "text" {
		fmt.Fprintf(io.out, "wrote %s (%d provider(s)); %s; review its commented lines, then run capirepo build --config %s --version vX.Y.Z\n", target, len(plan.Providers), plan.Checked, target)
	}
	return o.report(io, rep, target, questions)
}

// ask prints init's questions on stderr, each with the config line it is written on,
// and returns the exit code that says questions remain.
func ask(io streams, where string, questions []scaffold.Question) error {
	if len(questions) == 0 {
		return nil
	}
	for _, q := range questions {
		if where == "line" {
			fmt.Fprintf(io.err, "question: line %d: %s: %s\n", q.Line, q.About(), q.Text)
		} else {
			fmt.Fprintf(io.err, "question: %s:%d: %s: %s\n", where, q.Line, q.About(), q.Text)
		}
	}
	fmt.Fprintf(io.err, "init wrote its best value for each and asks you to check %d value(s) (marked # QUESTION: in the config); exit %d\n", len(questions), ExitQuestions)
	return silentErr(ExitQuestions, fmt.Errorf("%d question(s)", len(questions)))
}
