package cli

import (
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/mirror"
	"github.com/spf13/cobra"
)

func newMirrorRelinkCmd(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "relink DIR",
		Short: "Point DIR/clusterctl.yaml at DIR after the folder was moved or copied",
		Long: `relink rewrites the file:// URLs of DIR/clusterctl.yaml (providers and cert-manager)
for DIR's place: clusterctl reads only absolute paths, so a mirror (or a build or publish
local folder) carried to another place still names the old one. Every URL whose
{label}/{version}/{file} DIR holds gets DIR as its base; every other entry, key and
comment stays. It holds DIR's lock, as mirror does, writes clusterctl.yaml staged and
renamed, then reads it back as clusterctl does (capirepo verify's repo-config-* rules):
exit 1 when a URL still does not resolve.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := mirror.Relink(cmd.Context(), args[0], mirror.RelinkOptions{Getenv: io.lookup})
			switch {
			case errors.Is(err, mirror.ErrNotRelinkable):
				return withCode(ExitInput, err)
			case err != nil:
				return withCode(ExitPublish, err)
			}
			return printRelink(io, rep)
		},
	}
}

// printRelink: each URL changed (stdout), each local URL kept and what clusterctl
// will still find (stderr); exit 1 when a URL does not resolve.
func printRelink(io streams, rep *mirror.RelinkReport) error {
	for _, m := range rep.Moved {
		fmt.Fprintf(io.out, "relinked %s: %s\n", m.Label, m.To)
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
	if rep.Findings.HasErrors() {
		return silentErr(ExitFindings, fmt.Errorf("relink: %d error(s)", rep.Findings.Count(lint.Error)))
	}
	return nil
}
