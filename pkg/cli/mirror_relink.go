package cli

import (
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/mirror"
	"github.com/spf13/cobra"
)

type relinkOptions struct {
	dryRun bool
	format string
}

func newMirrorRelinkCmd(io streams) *cobra.Command {
	o := &relinkOptions{}
	cmd := &cobra.Command{
		Use:   "relink DIR",
		Short: "Point DIR/clusterctl.yaml at DIR after the folder was moved or copied",
		Long: `relink rewrites the file:// URLs of DIR/clusterctl.yaml (providers and cert-manager)
for DIR's place: clusterctl reads only absolute paths, so a mirror (or a build or publish
local folder) carried to another place still names the old one. Every URL whose
{label}/{version}/{file} DIR holds gets DIR as its base; every other entry, key and
comment stays. It holds DIR's lock, as mirror does, writes clusterctl.yaml staged and
renamed, then reads it back as clusterctl does (capirepo verify's repo-config-* rules):
exit 1 when a URL still does not resolve. --dry-run checks the new file in memory and
writes nothing.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkOutput(o.format, lint.Formats); err != nil {
				return err
			}
			rep, err := mirror.Relink(cmd.Context(), args[0], mirror.RelinkOptions{Getenv: io.lookup, DryRun: o.dryRun})
			switch {
			case errors.Is(err, mirror.ErrNotRelinkable):
				return withCode(ExitInput, err)
			case err != nil:
				return withCode(ExitPublish, err)
			}
			return o.print(io, args[0], rep)
		},
	}
	cmd.Flags().BoolVar(&o.dryRun, "dry-run", false, "say which URLs would change and what clusterctl would then find; lock and write nothing (exit codes as a real run)")
	outputFlag(cmd, &o.format, "report format (github and sarif: the findings, relative to DIR)", lint.Formats)
	return cmd
}

// relinkReport is relink's -o json.
type relinkReport struct {
	Dir      string        `json:"dir"`
	DryRun   bool          `json:"dryRun,omitempty"`
	Moved    []relinkLine  `json:"moved"`
	Kept     []relinkLine  `json:"kept"`
	Findings lint.Findings `json:"findings"`
}

// relinkLine is a URL relink changed (from, to) or kept (url, why).
type relinkLine struct {
	Label string `json:"label"`
	From  string `json:"from,omitempty"`
	To    string `json:"to,omitempty"`
	URL   string `json:"url,omitempty"`
	Why   string `json:"why,omitempty"`
}

func jsonRelink(dir string, dryRun bool, rep *mirror.RelinkReport) relinkReport {
	out := relinkReport{Dir: dir, DryRun: dryRun, Moved: []relinkLine{}, Kept: []relinkLine{}, Findings: nonNil(rep.Findings)}
	for _, m := range rep.Moved {
		out.Moved = append(out.Moved, relinkLine{Label: m.Label, From: m.From, To: m.To})
	}
	for _, k := range rep.Kept {
		out.Kept = append(out.Kept, relinkLine{Label: k.Label, URL: k.URL, Why: k.Why})
	}
	return out
}

// print reports as -o asks; exit 1 when a URL does not resolve.
func (o *relinkOptions) print(io streams, dir string, rep *mirror.RelinkReport) error {
	var err error
	switch o.format {
	case "json":
		err = writeJSON(io, jsonRelink(rep.Dir, o.dryRun, rep))
	case "text":
		printRelink(io, rep, o.dryRun)
	default:
		err = lint.WriteWith(io.out, o.format, rep.Findings, lint.Options{Rules: allRules(), Layout: dir})
	}
	if err != nil {
		return err
	}
	if rep.Findings.HasErrors() {
		return silentErr(ExitFindings, fmt.Errorf("relink: %d error(s)", rep.Findings.Count(lint.Error)))
	}
	return nil
}

// printRelink: each URL changed (stdout), each local URL kept and what clusterctl
// will still find (stderr).
func printRelink(io streams, rep *mirror.RelinkReport, dryRun bool) {
	verb := "relinked"
	if dryRun {
		verb = "would relink"
	}
	for _, m := range rep.Moved {
		fmt.Fprintf(io.out, "%s %s: %s\n", verb, m.Label, m.To)
	}
	if len(rep.Moved) == 0 {
		fmt.Fprintf(io.out, "%s/%s: every URL already points here\n", rep.Dir, clusterctlcfg.File)
	}
	for _, k := range rep.Kept {
		io.logf("kept %s: %s: %s", k.Label, k.URL, k.Why)
	}
	for _, f := range rep.Findings {
		io.logf("%s", f)
	}
	if dryRun {
		fmt.Fprintln(io.out, "dry run: nothing was written")
	}
}
