package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/metadata"
	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/spf13/cobra"
)

type addSeriesOptions struct {
	config, file, contract, format string
	version                        layout.Version
	dryRun                         bool
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
	versionFlag(cmd, &o.version, "version about to be released (required)")
	f.StringVar(&o.contract, "contract", "", "Cluster API contract of the series: v1beta1 or v1beta2 (required)")
	f.BoolVar(&o.dryRun, "dry-run", false, "say which files would get the series, write nothing")
	outputFlag(cmd, &o.format, "report format", reportFormats())
	_ = cmd.MarkFlagRequired("version")
	_ = cmd.MarkFlagRequired("contract")
	return cmd
}

// seriesReport is add-series' -o json: each metadata.yaml and what happened to it
// (written, skipped: the series is there; planned: a dry run would write it).
type seriesReport struct {
	Version  string       `json:"version"`
	Contract string       `json:"contract"`
	Files    []seriesFile `json:"files"`
}

type seriesFile struct {
	File   string `json:"file"`
	Action string `json:"action"`
}

func (o *addSeriesOptions) run(ctx context.Context, io streams) error {
	if err := checkOutput(o.format, reportFormats()); err != nil {
		return err
	}
	files, err := o.files()
	if err != nil {
		return err
	}
	rep := seriesReport{Version: o.version.String(), Contract: o.contract, Files: []seriesFile{}}
	for _, file := range files {
		action, err := o.addTo(ctx, file)
		if err != nil {
			return err
		}
		rep.Files = append(rep.Files, seriesFile{File: file, Action: action})
		o.say(io, file, action)
	}
	if o.format == "json" {
		return writeJSON(io, rep)
	}
	return nil
}

// addTo updates one metadata.yaml (metadata.AddSeriesFile), or on a dry run says
// whether it would (metadata.PlanSeriesFile).
func (o *addSeriesOptions) addTo(ctx context.Context, file string) (string, error) {
	var changed bool
	var err error
	if o.dryRun {
		changed, err = metadata.PlanSeriesFile(file, o.version, o.contract)
	} else {
		changed, err = metadata.AddSeriesFile(ctx, file, o.version, o.contract)
	}
	var werr *metadata.WriteError
	switch {
	case errors.As(err, &werr):
		return "", withCode(ExitPublish, err)
	case err != nil:
		return "", withCode(ExitInput, err)
	case !changed:
		return publish.Skipped, nil
	case o.dryRun:
		return publish.Planned, nil
	}
	return publish.Written, nil
}

// say prints the text report line of one file.
func (o *addSeriesOptions) say(io streams, file, action string) {
	if o.format != "text" {
		return
	}
	switch action {
	case publish.Skipped:
		fmt.Fprintf(io.out, "%s: series for %s already present\n", file, o.version)
	case publish.Planned:
		fmt.Fprintf(io.out, "%s: would add the series of %s (contract %s); dry run: nothing was written\n", file, o.version, o.contract)
	default:
		fmt.Fprintf(io.out, "%s: added the series of %s (contract %s)\n", file, o.version, o.contract)
	}
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
