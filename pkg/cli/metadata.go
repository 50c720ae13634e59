package cli

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/pipeline"
	"github.com/capirepo/capirepo/pkg/remote"
	"github.com/spf13/cobra"
)

func newMetadataCmd(io streams) *cobra.Command {
	cmd := &cobra.Command{Use: "metadata", Short: "Check and update metadata.yaml release series"}
	cmd.AddCommand(newMetadataCheckCmd(io), newAddSeriesCmd(io))
	return cmd
}

type metadataCheckOptions struct {
	config, file, format string
	version              layout.Version
	published            []string
	ci                   bool // CI is set: no tag information is an error
}

func newMetadataCheckCmd(io streams) *cobra.Command {
	o := &metadataCheckOptions{}
	cmd := &cobra.Command{
		Use:   "check --version vX.Y.Z",
		Short: "Fail when metadata.yaml would break clusterctl for this version",
		Long: `check verifies that the version's major.minor has a release series, that the file is
cumulative (a series for every earlier published release: --published, or every git tag
whose own metadata.yaml declared its series; tags from before the provider had
metadata.yaml only get a note), that every
contract is a Cluster API contract, and that the series' contract is among the
cluster.x-k8s.io/<contract> labels of the provider's CRDs (rendered from capirepo.yaml).
With --file only that file is checked, without the CRD comparison.
Without tag information (no git, a shallow or tagless clone) it warns, and fails when
the CI environment variable is set: fetch the full history (fetch-depth: 0) or pass
--published (--published= for a first release).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd, io) },
	}
	f := cmd.Flags()
	f.StringVar(&o.config, "config", config.DefaultFile, "configuration file")
	f.StringVar(&o.file, "file", "", "check this metadata.yaml instead of the config's providers")
	versionFlag(cmd, &o.version, "version about to be released (required)")
	f.StringSliceVar(&o.published, "published", nil, "earlier released versions (default: git tags; --published= for none)")
	outputFlag(cmd, &o.format, "format of the findings", lint.Formats)
	_ = cmd.MarkFlagRequired("version")
	return cmd
}

func (o *metadataCheckOptions) run(cmd *cobra.Command, io streams) error {
	if err := checkOutput(o.format, lint.Formats); err != nil {
		return err
	}
	o.ci = inCI(io)
	var fs lint.Findings
	if o.file != "" {
		var err error
		if fs, err = metadata.ValidateFile(cmd.Context(), o.file, o.version, o.published, o.ci); err != nil {
			return withCode(ExitInput, err)
		}
	} else {
		cfg, err := config.Load(o.config)
		if err != nil {
			return usageErr(err)
		}
		res, err := pipeline.Build(cmd.Context(), cfg, pipeline.Options{Version: o.version, Published: o.published, CI: o.ci, SourcePaths: true, CacheDir: remote.UserCacheDir(io.getenv)})
		if err != nil {
			return withCode(ExitInput, err)
		}
		fs = res.Findings.WithPrefix("metadata-")
	}
	return reportFindings(io, o.format, fs, "metadata check")
}

// inCI reports whether CI is set (metadata.InCI): then missing git tag information
// fails the metadata check.
func inCI(io streams) bool { return metadata.InCI(io.lookup) }

// reportFindings prints findings in the -o format on stdout and fails on errors.
func reportFindings(io streams, format string, fs lint.Findings, what string) error {
	fs.Sort()
	if err := lint.WriteWith(io.out, format, fs, lint.Options{Rules: allRules()}); err != nil {
		return err
	}
	if fs.HasErrors() {
		return silentErr(ExitFindings, fmt.Errorf("%s failed", what))
	}
	if format == "text" {
		io.logf("%s: ok (%d warning(s))", what, fs.Count(lint.Warning))
	}
	return nil
}
