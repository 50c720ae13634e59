package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/config"
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
	config, file, version string
	published             []string
	ci                    bool // CI is set: no tag information is an error
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
	f.StringVar(&o.version, "version", "", "version about to be released (required)")
	f.StringSliceVar(&o.published, "published", nil, "earlier released versions (default: git tags; --published= for none)")
	_ = cmd.MarkFlagRequired("version")
	return cmd
}

func (o *metadataCheckOptions) run(cmd *cobra.Command, io streams) error {
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
	return reportFindings(io, fs, "metadata check")
}

// inCI reports whether CI is set (metadata.InCI): then missing git tag information
// fails the metadata check.
func inCI(io streams) bool { return metadata.InCI(io.lookup) }

// reportFindings prints findings as text and fails on errors.
func reportFindings(io streams, fs lint.Findings, what string) error {
	fs.Sort()
	_ = lint.Write(io.out, "text", fs, nil)
	if fs.HasErrors() {
		return silentErr(ExitFindings, fmt.Errorf("%s failed", what))
	}
	io.logf("%s: ok (%d warning(s))", what, fs.Count(lint.Warning))
	return nil
}

type addSeriesOptions struct {
	config, file, version, contract string
}

func newAddSeriesCmd(io streams) *cobra.Command {
	o := &addSeriesOptions{}
	cmd := &cobra.Command{
		Use:   "add-series --version vX.Y.Z --contract v1beta1",
		Short: "Add the release series of a new minor to metadata.yaml (comments kept)",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return o.run(cmd.Context(), io) },
	}
	f := cmd.Flags()
	f.StringVar(&o.config, "config", config.DefaultFile, "configuration file (its providers' metadata files are updated)")
	f.StringVar(&o.file, "file", "", "update this metadata.yaml instead")
	f.StringVar(&o.version, "version", "", "version about to be released (required)")
	f.StringVar(&o.contract, "contract", "", "Cluster API contract of the series: v1beta1 or v1beta2 (required)")
	_ = cmd.MarkFlagRequired("version")
	_ = cmd.MarkFlagRequired("contract")
	return cmd
}

func (o *addSeriesOptions) run(ctx context.Context, io streams) error {
	files, err := o.files()
	if err != nil {
		return err
	}
	for _, file := range files {
		if err := o.addTo(ctx, io, file); err != nil {
			return err
		}
	}
	return nil
}

// addTo updates one metadata.yaml (metadata.AddSeriesFile).
func (o *addSeriesOptions) addTo(ctx context.Context, io streams, file string) error {
	changed, err := metadata.AddSeriesFile(ctx, file, o.version, o.contract)
	var werr *metadata.WriteError
	switch {
	case errors.As(err, &werr):
		return withCode(ExitPublish, err)
	case err != nil:
		return withCode(ExitInput, err)
	case !changed:
		fmt.Fprintf(io.out, "%s: series for %s already present\n", file, o.version)
	default:
		fmt.Fprintf(io.out, "%s: added the series of %s (contract %s)\n", file, o.version, o.contract)
	}
	return nil
}

func (o *addSeriesOptions) files() ([]string, error) {
	if o.file != "" {
		return []string{o.file}, nil
	}
	cfg, err := config.Load(o.config)
	if err != nil {
		return nil, usageErr(err)
	}
	files, err := cfg.MetadataFiles()
	if err != nil {
		return nil, usageErr(err)
	}
	return files, nil
}
