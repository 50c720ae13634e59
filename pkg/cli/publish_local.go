package cli

import (
	"github.com/capirepo/capirepo/pkg/backend/local"
	"github.com/spf13/cobra"
)

type publishLocalOptions struct {
	commonPublish
	to string
}

func newPublishLocalCmd(io streams) *cobra.Command {
	o := &publishLocalOptions{}
	cmd := &cobra.Command{
		Use:   "local --from DIR --to ROOT",
		Short: "Merge built releases into a local clusterctl repository (ROOT/<label>/<version>/)",
		Long: `local merges the releases in DIR into ROOT. Each version folder is staged and renamed into
place, so readers never see a partial folder. Publishing the same content again does
nothing; different content for an existing version is refused unless --replace. ROOT gets a
sha256 file per version and a clusterctl.yaml with a providers: entry per provider.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p := local.New(o.to, local.Options{})
			return o.run(cmd, io, p)
		},
	}
	o.flags(cmd)
	cmd.Flags().StringVar(&o.to, "to", "", "local repository root (required)")
	o.replaceFlag(cmd, "replace versions whose content differs")
	_ = cmd.MarkFlagRequired("to")
	return cmd
}
