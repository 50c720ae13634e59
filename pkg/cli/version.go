package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newVersionCmd(io streams) *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print capirepo's version",
		Long: `version prints capirepo's version: the one set at link time (release binaries, the
GitHub Action), else the module version (go install …@vX.Y.Z), else the commit it was
built from ("dev+<commit>"), else "dev". Signed provenance records the same value.
With -o json it also prints where the version came from, the commit, the Go release
and the platform.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			in := io.capirepo()
			switch output {
			case "text":
				fmt.Fprintln(io.out, in.Version)
				return nil
			case "json":
				return writeJSON(io, in)
			}
			return usageErr(fmt.Errorf("--output %q: want text or json", output))
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "text", "output format: text|json")
	return cmd
}
