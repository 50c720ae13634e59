package cli

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/capirepo/capirepo/pkg/diff"
	"github.com/capirepo/capirepo/pkg/inventory"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/source"
	"github.com/spf13/cobra"
)

type diffOptions struct {
	format  string
	src     sourceFlags
	upgrade bool     // diff --upgrade OLD NEW (upgrade.go)
	disable []string // rule ids, with --upgrade
}

func newDiffCmd(io streams) *cobra.Command {
	o := &diffOptions{}
	cmd := &cobra.Command{
		Use:   "diff A B",
		Short: "Compare two clusterctl repositories as clusterctl users see them",
		Long: `diff compares two clusterctl repositories, each a build folder, a local repository (a
root, a provider folder or {base}/{label}/{version|latest}/{file}), a published URL
(https://github.com/OWNER/NAME/releases/{tag|latest}/{file}, a GitLab generic package URL,
oci://...) or a file set (a folder of release files, or one file). It reports what
clusterctl users would see differ: files, objects by kind, namespace and name (fields by
path), CRD versions (served, storage, schema, conversion), images, ${VAR} variables
(required or defaulted) and metadata.yaml series. YAML formatting, key and document
order, and the labels clusterctl sets on components (clusterctl.cluster.x-k8s.io,
cluster.x-k8s.io/provider) never count. Exit 0 when equal, 1 when different.

With --upgrade, A is the repository (or folder of earlier releases) users upgrade
from: every release of B is checked against the earlier releases of A that a cluster
may run before it (stored versions removed, CRDs and served versions templates use,
conversion, variables newly required, contracts, RBAC, images), and the findings are
the report; exit 1 when one is an error.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, io, args[0], args[1]) },
	}
	outputFlag(cmd, &o.format, "output format (markdown: release notes for clusterctl users; github and sarif with --upgrade, whose findings are the report)", slices.Concat(lint.Formats, []string{"markdown"}))
	cmd.Flags().BoolVar(&o.upgrade, "upgrade", false, "A is the repository users upgrade from: check B's releases against A's earlier releases (the upgrade-* rules) instead of listing differences")
	cmd.Flags().StringSliceVar(&o.disable, "disable", nil, "with --upgrade: rule ids to disable")
	o.src.flags(cmd, true)
	return cmd
}

func (o *diffOptions) run(cmd *cobra.Command, io streams, a, b string) error {
	formats := append(reportFormats(), "markdown")
	if o.upgrade {
		formats = lint.Formats
	}
	if err := checkOutput(o.format, formats); err != nil {
		return err
	}
	if o.upgrade {
		return o.runUpgrade(cmd, io, a, b)
	}
	opts, err := o.src.options(io.getenv)
	if err != nil {
		return err
	}
	sides, err := loadSides(cmd.Context(), opts, a, b, diff.Load)
	if err != nil {
		return err
	}
	rep, err := diff.Compare(a, b, sides[0], sides[1])
	if err != nil {
		return withCode(ExitInput, err)
	}
	if err := writeDiff(io, o.format, rep); err != nil {
		return err
	}
	if !rep.Equal {
		return silentErr(ExitFindings, fmt.Errorf("diff: %d difference(s)", rep.Count()))
	}
	return nil
}

// loadSides reads A (with loadA: diff.Load, or diff.LoadHistory for --upgrade) and B
// at once; an error is the first side's that failed, as an exit code.
func loadSides(ctx context.Context, opts source.Options, a, b string,
	loadA func(context.Context, string, source.Options) ([]inventory.Input, error)) ([2][]inventory.Input, error) {
	var sides [2][]inventory.Input
	var errs [2]error
	var wg sync.WaitGroup
	wg.Go(func() { sides[0], errs[0] = loadA(ctx, a, opts) })
	wg.Go(func() { sides[1], errs[1] = diff.Load(ctx, b, opts) })
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return sides, loadFailure(err)
		}
	}
	return sides, nil
}

func writeDiff(io streams, format string, rep *diff.Report) error {
	switch format {
	case "json":
		return writeJSON(io, rep)
	case "markdown":
		return rep.WriteMarkdown(io.out) // release notes for clusterctl users
	}
	return rep.WriteText(io.out)
}
