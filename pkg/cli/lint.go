package cli

import (
	"fmt"

	"github.com/capirepo/capirepo/pkg/check"
	"github.com/capirepo/capirepo/pkg/config"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/pipeline"
	"github.com/capirepo/capirepo/pkg/remote"
	"github.com/spf13/cobra"
)

type lintOptions struct {
	config    string
	version   layout.Version
	format    string
	disable   []string
	published []string
	listRules bool
}

func newLintCmd(io streams) *cobra.Command {
	o := &lintOptions{}
	cmd := &cobra.Command{
		Use:   "lint [PATH...]",
		Short: "Check releases against the clusterctl and provider contracts",
		Long: `lint checks components files, templates, metadata.yaml, release folders
(<label>/<version>/) or whole local repositories. With no PATH it lints what
capirepo.yaml would build. Exit 0 without errors, 1 with errors, 2 on usage problems.`,
		RunE: func(cmd *cobra.Command, args []string) error { return o.run(cmd, io, args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.config, "config", config.DefaultFile, "configuration file (used without PATH, and for lint.disable)")
	versionFlag(cmd, &o.version, "version to check metadata.yaml against (without PATH; default: newest series)")
	outputFlag(cmd, &o.format, "output format", lint.Formats)
	f.StringSliceVar(&o.disable, "disable", nil, "rule ids to disable")
	f.StringSliceVar(&o.published, "published", nil, "earlier released versions for the metadata check, without PATH (default: git tags; --published= for none)")
	f.BoolVar(&o.listRules, "list-rules", false, "print every rule with id, severity and the contract sentence it enforces")
	return cmd
}

func (o *lintOptions) run(cmd *cobra.Command, io streams, args []string) error {
	if o.listRules {
		return listRules(io, o.format)
	}
	if err := checkOutput(o.format, lint.Formats); err != nil {
		return err
	}
	cfg, err := o.loadConfig(cmd, len(args) == 0)
	if err != nil {
		return err
	}
	var fromConfig []string
	if cfg != nil {
		fromConfig = cfg.Lint.Disable
	}
	skip, err := disabledRules(o.config, fromConfig, o.disable)
	if err != nil {
		return err
	}
	fs, err := o.findings(cmd, io, cfg, args)
	if err != nil {
		return err
	}
	return o.report(io, fs.Without(skip))
}

// loadConfig reads the config: required without PATH; with PATH only when present
// (for lint.disable), and required again when --config names it.
func (o *lintOptions) loadConfig(cmd *cobra.Command, required bool) (*config.Config, error) {
	load := config.Load
	if !required && !cmd.Flags().Changed("config") {
		load = config.LoadIfPresent
	}
	cfg, err := load(o.config)
	if err != nil {
		return nil, usageErr(err)
	}
	return cfg, nil
}

func (o *lintOptions) report(io streams, fs lint.Findings) error {
	fs.Sort()
	if err := lint.Write(io.out, o.format, fs, allRules()); err != nil {
		return err
	}
	if fs.HasErrors() {
		return silentErr(ExitFindings, fmt.Errorf("%d error(s)", fs.Count(lint.Error)))
	}
	if o.format == "text" {
		io.logf("lint: %d error(s), %d warning(s)", fs.Count(lint.Error), fs.Count(lint.Warning))
	}
	return nil
}

// findings lints the paths, or what the config builds when there are none.
func (o *lintOptions) findings(cmd *cobra.Command, io streams, cfg *config.Config, args []string) (lint.Findings, error) {
	if len(args) == 0 {
		version, err := pipeline.LintVersion(cfg, o.version)
		if err != nil {
			return nil, withCode(ExitInput, err)
		}
		res, err := pipeline.Build(cmd.Context(), cfg, pipeline.Options{Version: version, Published: o.published, SourcePaths: true,
			CI: inCI(io), CacheDir: remote.UserCacheDir(io.lookup)})
		if err != nil {
			return nil, withCode(ExitInput, err)
		}
		return res.Findings, withinCaps(res.Set.Releases...)
	}
	targets, err := check.Discover(args)
	if err != nil {
		return nil, withCode(ExitInput, err)
	}
	var fs lint.Findings
	for _, t := range targets {
		if err := withinCaps(t.Release); err != nil {
			return nil, err
		}
		found, err := check.ReleaseContext(cmd.Context(), t.Release, check.Options{Dir: t.Dir, Partial: t.Partial})
		if err != nil {
			return nil, err
		}
		fs = append(append(fs, t.Findings...), found...)
	}
	return check.Once(targets, fs), nil
}
